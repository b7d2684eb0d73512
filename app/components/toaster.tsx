// One toaster for the whole site (DESIGN "Toasts"): success 2 s, plain and error
// 4 s, loading until replaced, at most 20 on screen. Server flash toasts arrive
// through the root loader; client code calls showToast().
import { useEffect, useSyncExternalStore } from "react";

import { loadWhenShown } from "#app/components/ui/load-when-shown.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { MAX_TOASTS, TOAST_DURATION_MS, type Toast, type ToastType } from "#app/models/toast.ts";

let toasts: Toast[] = [];
/** The server renders no toasts; one array, so React sees the same snapshot each time. */
const NO_TOASTS: Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: string) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a toast; passing the id of a shown toast replaces it (e.g. loading → success). */
let counter = 0;

export function showToast(
  type: ToastType,
  message: string,
  options: { id?: string; announce?: boolean } = {},
) {
  const id = options.id ?? `toast-${++counter}`;
  clearTimeout(timers.get(id));
  const next: Toast = { id, type, message, announce: options.announce ?? true };
  toasts = toasts.some((toast) => toast.id === id)
    ? toasts.map((toast) => (toast.id === id ? next : toast))
    : [...toasts, next].slice(-MAX_TOASTS);
  const duration = TOAST_DURATION_MS[type];
  if (Number.isFinite(duration))
    timers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  emit();
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The toasts themselves load with the first one: pages without a toast (most of a
// visitor's) carry only this store and the empty live region.
const ToastItems = loadWhenShown(() => import("./toast-items.tsx").then((m) => m.ToastItems));

export function Toaster({ flash }: { flash: Toast | null }) {
  const t = useT();
  const shown = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
  useEffect(() => {
    if (flash) showToast(flash.type, flash.message, { id: flash.id });
  }, [flash]);

  return (
    <section
      aria-label={t("Notifications")}
      className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex flex-col items-center gap-2 px-3 sm:top-auto sm:end-4 sm:bottom-4 sm:start-auto sm:items-end"
    >
      {/* One live region that is always present, so new toasts are announced. */}
      <ol
        className="flex w-full max-w-sm flex-col gap-2"
        aria-live="polite"
        aria-relevant="additions"
      >
        {shown.length > 0 ? <ToastItems toasts={shown} /> : null}
      </ol>
    </section>
  );
}
