// Sending a form with files and a real upload progress bar. `uploadClientAction`
// is a route's clientAction: it posts the same multipart form to the same server
// action with XMLHttpRequest (fetch cannot report upload progress), at the URL and
// in the form React Router's own client would (app/framework/single-fetch.ts), and
// hands the answer back to the router, so redirects, flash toasts and field errors
// work as usual. Without JavaScript the form posts natively to the same action.
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useSyncExternalStore } from "react";
import { data } from "react-router";

import {
  actionDataUrl,
  answerForRouter,
  decodeActionAnswer,
  FRAMEWORK_ANSWER_HEADER,
} from "#app/framework/single-fetch.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { english } from "#app/i18n/message-format.ts";
import { msg, type Translate } from "#app/i18n/translator.ts";
import { LISTING_MESSAGES, megabytes } from "#app/models/listing-form.ts";

export type UploadProgress =
  | { phase: "idle" }
  | { phase: "uploading"; loaded: number; total: number }
  | { phase: "processing"; total: number };

let progress: UploadProgress = { phase: "idle" };
const listeners = new Set<() => void>();

function setProgress(next: UploadProgress) {
  progress = next;
  for (const listener of listeners) listener();
}

export function useUploadProgress(): UploadProgress {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => progress,
    () => progress,
  );
}

/**
 * The page's words, for the one refusal worded here with a value (a clientAction has
 * no React context): the panel shown during every upload keeps it up to date.
 */
const upload: { t: Translate } = { t: english };

// Shown by the form's FormError, which translates it.
const NETWORK_FAILED = msg(
  "The upload stopped: check your internet connection and try again. What you typed is still here.",
);

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(":");
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

function post(url: URL, body: FormData, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "arraybuffer";
    xhr.upload.addEventListener("progress", (event) => {
      if (!event.lengthComputable) return;
      setProgress({ phase: "uploading", loaded: event.loaded, total: event.total });
    });
    xhr.upload.addEventListener("load", () => {
      setProgress({
        phase: "processing",
        total: progress.phase === "uploading" ? progress.total : 0,
      });
    });
    xhr.addEventListener("load", () => {
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(
        new Response(empty ? null : (xhr.response as ArrayBuffer), {
          status: xhr.status,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    });
    xhr.addEventListener("error", () => reject(new TypeError(NETWORK_FAILED)));
    xhr.addEventListener("abort", () =>
      reject(new DOMException("The upload was cancelled.", "AbortError")),
    );
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** What the sell and edit actions answer when the form comes back with errors. */
export type UploadFormData = {
  result: SubmissionResult<string[]>;
  /** Files were sent, and a page without JavaScript cannot show them again. */
  filesDropped?: boolean;
  /** A new one-time token when the form's own had expired (loaders do not run after a 400). */
  formToken?: string;
};

/** An answer in the actions' shape, for failures before the action could run. */
function formFailure(message: string, field = "", status = 400) {
  return data<UploadFormData>(
    { result: { status: "error", error: { [field]: [message] } } },
    { status },
  );
}

/**
 * A route's `clientAction`: posts the form to the route's own server action (as
 * React Router's own client would) while reporting upload progress, then answers
 * exactly as that action did.
 */
export async function uploadClientAction({ request }: { request: Request }) {
  const body = await request.formData();
  setProgress({ phase: "uploading", loaded: 0, total: 0 });
  let response: Response;
  try {
    response = await post(actionDataUrl(request.url), body, request.signal);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return formFailure(NETWORK_FAILED, "", 503);
  } finally {
    setProgress({ phase: "idle" });
  }
  // Refused before the action ran (too large, not a form, another site).
  if (!response.headers.has(FRAMEWORK_ANSWER_HEADER) && response.status >= 400) {
    if (response.status === 413) return formFailure(LISTING_MESSAGES.photosTooLarge, "photos", 413);
    const text = (await response.text()).slice(0, 300);
    const refused = upload.t("The form was refused ({status}).", {
      status: String(response.status),
    });
    return formFailure(text || refused, "", response.status);
  }
  return answerForRouter<UploadFormData>(await decodeActionAnswer(response));
}

/** The bar shown while a form with photos is being sent. */
function UploadProgressBar() {
  const t = useT();
  const state = useUploadProgress();
  const fraction =
    state.phase === "uploading" && state.total > 0 ? state.loaded / state.total : null;
  const percent = fraction === null ? null : Math.round(fraction * 100);
  const label =
    state.phase === "uploading"
      ? state.total > 0
        ? t("Uploading: {loaded} of {total}", {
            loaded: megabytes(state.loaded),
            total: megabytes(state.total),
          })
        : t("Starting the upload…")
      : state.phase === "processing"
        ? t("Uploaded. Preparing your photos…")
        : t("Saving…");
  return (
    <div className="w-full max-w-sm">
      <div
        role="progressbar"
        aria-label={t("Upload progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? (state.phase === "processing" ? 100 : undefined)}
        aria-valuetext={label}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-brand-600 transition-[width] duration-200 ${
            state.phase === "processing" ? "animate-pulse" : ""
          }`}
          style={{ width: `${state.phase === "processing" ? 100 : (percent ?? 0)}%` }}
        />
      </div>
      <p className="mt-2 text-center text-sm text-slate-600 tabular-nums">
        {label}
        {percent !== null ? ` (${percent}%)` : ""}
      </p>
    </div>
  );
}

/** What replaces a form while it is sent: a spinner, what is happening, and the bar. */
export function UploadingPanel({ label }: { label: string }) {
  const t = useT();
  useEffect(() => {
    upload.t = t;
  }, [t]);
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200"
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
      />
      <p className="text-lg font-semibold text-slate-900">{label}</p>
      <UploadProgressBar />
      <p className="max-w-sm text-sm text-slate-600">
        {t(
          "Keep this page open until it finishes. Large photos can take a moment on a slow connection.",
        )}
      </p>
    </div>
  );
}
