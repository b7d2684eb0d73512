// Toast vocabulary shared by client and server (spec §4, §9).
export const TOAST_TYPES = ["success", "error", "message", "loading"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** How long each kind stays: 2 s success, 4 s plain and error, loading until changed. */
export const TOAST_DURATION_MS: Record<ToastType, number> = {
  success: 2000,
  error: 4000,
  message: 4000,
  loading: Number.POSITIVE_INFINITY,
};

export const MAX_TOASTS = 20;

export type Toast = {
  id: string;
  type: ToastType;
  message: string;
  /** False when the same words are already announced on the page (an inline form error). */
  announce?: boolean;
};
