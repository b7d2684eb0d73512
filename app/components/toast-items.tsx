// The toasts on screen, inside the toaster's live region (app/components/toaster.tsx),
// which loads this with the first toast.
import { CloseIcon } from "#app/components/icons.tsx";
import { dismissToast } from "#app/components/toaster.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import type { Toast, ToastType } from "#app/models/toast.ts";

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

export function ToastItems({ toasts }: { toasts: Toast[] }) {
  const t = useT();
  // A toast's words are a catalogue message (translated here), or already the
  // reader's words (the server's, or a message with values filled in), kept as they are.
  return toasts.map((toast) => (
    <li
      key={toast.id}
      aria-hidden={toast.announce === false ? true : undefined}
      className={`pointer-events-auto flex items-start gap-3 rounded-xl border-s-4 px-4 py-3 text-sm font-medium shadow-lg ring-1 ring-slate-900/10 ${STYLE[toast.type]}`}
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
      <p className="flex-1">{t(toast.message)}</p>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="-m-1 rounded p-1 text-slate-500 hover:text-slate-900"
        aria-label={t("Dismiss notification")}
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  ));
}
