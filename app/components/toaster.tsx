// One toaster for the whole site (DESIGN "Toasts"): success 2 s, plain and error
// 4 s, loading until replaced, at most 20 on screen. Server flash toasts arrive
// through the root loader; client code calls showToast().
import { useEffect, useSyncExternalStore } from "react";

import { CloseIcon } from "#app/components/icons.tsx";
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

const STYLE: Record<ToastType, string> = {
  success: "border-emerald-600 bg-white text-slate-900",
  error: "border-red-600 bg-white text-slate-900",
  message: "border-brand-600 bg-white text-slate-900",
  loading: "border-slate-400 bg-white text-slate-900",
};

const ICON: Record<ToastType, string> = {
  success: "✓",
  error: "!",
  message: "i",
  loading: "…",
};

export function Toaster({ flash }: { flash: Toast | null }) {
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
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex flex-col items-center gap-2 px-3 sm:top-auto sm:right-4 sm:bottom-4 sm:left-auto sm:items-end"
    >
      {/* One live region that is always present, so new toasts are announced. */}
      <ol
        className="flex w-full max-w-sm flex-col gap-2"
        aria-live="polite"
        aria-relevant="additions"
      >
        {shown.map((toast) => (
          <li
            key={toast.id}
            aria-hidden={toast.announce === false ? true : undefined}
            className={`pointer-events-auto flex items-start gap-3 rounded-xl border-l-4 px-4 py-3 text-sm font-medium shadow-lg ring-1 ring-slate-900/10 ${STYLE[toast.type]}`}
          >
            <span
              aria-hidden="true"
              className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${
                toast.type === "success"
                  ? "bg-emerald-600"
                  : toast.type === "error"
                    ? "bg-red-600"
                    : toast.type === "loading"
                      ? "bg-slate-500"
                      : "bg-brand-600"
              }`}
            >
              {ICON[toast.type]}
            </span>
            <p className="flex-1">{toast.message}</p>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              className="-m-1 rounded p-1 text-slate-500 hover:text-slate-900"
              aria-label="Dismiss notification"
            >
              <CloseIcon className="size-4" />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
