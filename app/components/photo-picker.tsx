// Choosing a listing's photos, and sending the form with a real upload progress bar.
//
// Without JavaScript the picker is plain file inputs (and, when editing, a "Keep"
// box per saved photo). With it, chosen files and saved photos form one ordered
// list with previews: reorder, remove, make cover. The list reaches the server as
// the files of one hidden file input plus a `photoOrder` token per photo.
//
// `uploadClientAction` sends the same multipart form to the same action with
// XMLHttpRequest (fetch cannot report upload progress) and hands the answer back
// to React Router, so redirects, flash toasts and field errors work as usual.
import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type DragEvent,
} from "react";
import type { SubmissionResult } from "@conform-to/react";
import {
  data,
  redirect,
  redirectDocument,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
} from "react-router";

import { ChevronIcon, CloseIcon } from "#app/components/icons.tsx";
import {
  fileLabel,
  LISTING_MESSAGES,
  LISTING_PHOTO_MAX_COUNT,
  LISTING_PHOTO_MAX_MB,
  megabytes,
  photoFileProblem,
  photoToken,
} from "#app/models/listing-form.ts";

// ── Upload progress ─────────────────────────────────────────────────────────

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

const NETWORK_FAILED =
  "The upload stopped: check your internet connection and try again. What you typed is still here.";

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
};

/** An answer in the actions' shape, for failures before the action could run. */
function formFailure(message: string, field = "", status = 400) {
  return data<UploadFormData>(
    { result: { status: "error", error: { [field]: [message] } } },
    { status },
  );
}

/**
 * A route's `clientAction`: posts the form to the route's own server action
 * (React Router's `.data` endpoint, as its own fetch would) while reporting
 * upload progress, then answers exactly as that action did.
 */
export async function uploadClientAction({
  request,
}: {
  request: Request;
}): Promise<ReturnType<typeof data<UploadFormData>> | Response> {
  const body = await request.formData();
  const url = new URL(request.url);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  setProgress({ phase: "uploading", loaded: 0, total: 0 });
  let response: Response;
  try {
    response = await post(url, body, request.signal);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return formFailure(NETWORK_FAILED, "", 503);
  } finally {
    setProgress({ phase: "idle" });
  }
  // Refused before the action ran (too large, not a form, another site).
  if (!response.headers.has("X-Remix-Response")) {
    if (response.status === 413) return formFailure(LISTING_MESSAGES.photosTooLarge, "photos", 413);
    if (response.status >= 400) {
      const text = (await response.text()).slice(0, 300);
      return formFailure(text || `The form was refused (${response.status}).`, "", response.status);
    }
  }
  if (!response.body) return formFailure(NETWORK_FAILED, "", 503);
  const decoded = await decodeViaTurboStream(response.body, window);
  const answer = decoded.value as
    | { redirect: string; status: number; reload: boolean; replace: boolean }
    | { data: unknown }
    | { error: unknown };
  if ("redirect" in answer) {
    const init = {
      status: answer.status,
      headers: answer.replace ? { "X-Remix-Replace": "yes" } : undefined,
    };
    return answer.reload
      ? redirectDocument(answer.redirect, init)
      : redirect(answer.redirect, init);
  }
  if ("error" in answer) throw answer.error;
  return data(answer.data as UploadFormData, { status: response.status });
}

/** The bar shown while a form with photos is being sent. */
export function UploadProgressBar() {
  const state = useUploadProgress();
  const fraction =
    state.phase === "uploading" && state.total > 0 ? state.loaded / state.total : null;
  const percent = fraction === null ? null : Math.round(fraction * 100);
  const label =
    state.phase === "uploading"
      ? state.total > 0
        ? `Uploading: ${megabytes(state.loaded)} of ${megabytes(state.total)}`
        : "Starting the upload…"
      : state.phase === "processing"
        ? "Uploaded. Preparing your photos…"
        : "Saving…";
  return (
    <div className="w-full max-w-sm">
      <div
        role="progressbar"
        aria-label="Upload progress"
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

// ── The picker ──────────────────────────────────────────────────────────────

export type SavedPhoto = { id: number; url: string; width: number; height: number };

type Item =
  | { key: string; kind: "existing"; id: number; url: string }
  | { key: string; kind: "new"; file: File; url: string };

let itemCounter = 0;

const noSubscription = () => () => {};

/** False in the server's HTML and during hydration; true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function initialItems(saved: SavedPhoto[], order: string[] | undefined): Item[] {
  const byToken = new Map(saved.map((photo) => [photoToken.existing(photo.id), photo]));
  const kept = order
    ? order.flatMap((token) => {
        const photo = byToken.get(token);
        return photo ? [photo] : [];
      })
    : saved;
  return kept.map((photo) => ({
    key: `e${photo.id}`,
    kind: "existing",
    id: photo.id,
    url: photo.url,
  }));
}

const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-3.5 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-600";
const fileInputClass =
  "block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100";
const tileButton =
  "inline-flex size-9 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow ring-1 ring-slate-300 hover:bg-white disabled:opacity-40";

export function PhotoPicker({
  name,
  orderName,
  saved = [],
  initialOrder,
  errors,
  errorId,
  filesDropped = false,
}: {
  /** The file field the server reads. */
  name: string;
  /** The field of order tokens. */
  orderName: string;
  /** Photos already saved with the listing (edit form). */
  saved?: SavedPhoto[];
  /** The order tokens of the last attempt, when it came back with errors. */
  initialOrder?: string[];
  errors?: string[] | null;
  errorId: string;
  /** The last attempt sent files that a page reload cannot keep. */
  filesDropped?: boolean;
}) {
  const hydrated = useHydrated();
  const [items, setItems] = useState<Item[]>(() => initialItems(saved, initialOrder));
  const [notice, setNotice] = useState("");
  const [broken, setBroken] = useState<Set<string>>(() => new Set());
  const carrier = useRef<HTMLInputElement>(null);
  const urls = useRef(new Set<string>());
  const hintId = useId();

  useEffect(() => {
    const created = urls.current;
    return () => {
      for (const url of created) URL.revokeObjectURL(url);
      created.clear();
    };
  }, []);

  // The hidden input carries the new files in list order; Conform revalidates on input.
  const newFiles = items.flatMap((item) => (item.kind === "new" ? [item.file] : []));
  useEffect(() => {
    const input = carrier.current;
    if (!input) return;
    const transfer = new DataTransfer();
    for (const item of items) if (item.kind === "new") transfer.items.add(item.file);
    input.files = transfer.files;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, [items, hydrated]);

  function add(files: FileList | File[] | null) {
    const chosen = [...(files ?? [])];
    if (chosen.length === 0) return;
    const room = LISTING_PHOTO_MAX_COUNT - items.length;
    const taken = chosen.slice(0, Math.max(0, room));
    const added: Item[] = taken.map((file) => {
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      return { key: `n${++itemCounter}`, kind: "new", file, url };
    });
    setItems((current) => [...current, ...added]);
    const skipped = chosen.length - taken.length;
    setNotice(
      skipped > 0
        ? `${taken.length} ${taken.length === 1 ? "photo" : "photos"} added. A car can have at most ${LISTING_PHOTO_MAX_COUNT} photos, so ${skipped} ${skipped === 1 ? "was" : "were"} left out.`
        : `${taken.length} ${taken.length === 1 ? "photo" : "photos"} added.`,
    );
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    add(event.currentTarget.files);
    // The chooser is only a way in; the list is what is sent.
    event.currentTarget.value = "";
  }

  function remove(index: number) {
    const item = items[index];
    if (!item) return;
    if (item.kind === "new") {
      URL.revokeObjectURL(item.url);
      urls.current.delete(item.url);
    }
    setItems((current) => current.filter((_, i) => i !== index));
    setNotice(`Photo ${index + 1} removed.`);
  }

  function move(index: number, to: number) {
    if (to < 0 || to >= items.length) return;
    setItems((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(to, 0, item!);
      return next;
    });
    setNotice(
      to === 0
        ? `Photo ${index + 1} is now the cover.`
        : `Photo ${index + 1} moved to position ${to + 1}.`,
    );
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    if (!event.dataTransfer.files.length) return;
    event.preventDefault();
    add(event.dataTransfer.files);
  }

  const newIndex = new Map<string, number>();
  for (const item of items) if (item.kind === "new") newIndex.set(item.key, newIndex.size);
  const describedBy = errors?.length ? `${hintId} ${errorId}` : hintId;

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-semibold text-slate-800">Photos</legend>
      <p id={hintId} className="mt-0.5 text-xs text-slate-600">
        1 to {LISTING_PHOTO_MAX_COUNT} photos: JPEG, PNG, WebP, AVIF or HEIC, up to{" "}
        {LISTING_PHOTO_MAX_MB} MB each. The first photo is the cover.
      </p>

      {hydrated ? (
        <div
          className="mt-3"
          onDragOver={(event) => {
            if (event.dataTransfer.types.includes("Files")) event.preventDefault();
          }}
          onDrop={onDrop}
        >
          <input ref={carrier} type="file" name={name} multiple hidden tabIndex={-1} />
          {items.map((item) => (
            <input
              key={item.key}
              type="hidden"
              name={orderName}
              value={
                item.kind === "existing"
                  ? photoToken.existing(item.id)
                  : photoToken.added(newIndex.get(item.key)!)
              }
            />
          ))}
          {items.length > 0 ? (
            <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Chosen photos">
              {items.map((item, index) => {
                const problem = item.kind === "new" ? photoFileProblem(item.file) : null;
                const label = item.kind === "new" ? fileLabel(item.file) : "Already saved";
                return (
                  <li
                    key={item.key}
                    className={`relative overflow-hidden rounded-xl bg-slate-100 ring-1 ${
                      problem ? "ring-2 ring-red-600" : "ring-slate-200"
                    }`}
                  >
                    {broken.has(item.key) ? (
                      <div className="flex aspect-[4/3] items-center justify-center p-3 text-center text-xs text-slate-600">
                        No preview in this browser; the photo will still be sent.
                      </div>
                    ) : (
                      <img
                        src={item.url}
                        alt={`${label} (${index + 1} of ${items.length})`}
                        className="aspect-[4/3] w-full object-cover"
                        onError={() => setBroken((current) => new Set(current).add(item.key))}
                      />
                    )}
                    <span className="absolute top-2 left-2 rounded-full bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white">
                      {index === 0 ? "Cover" : index + 1}
                    </span>
                    <div className="absolute top-2 right-2">
                      <button
                        type="button"
                        className={tileButton}
                        onClick={() => remove(index)}
                        aria-label={`Remove photo ${index + 1}`}
                      >
                        <CloseIcon className="size-4" />
                      </button>
                    </div>
                    <div className="flex items-center justify-between gap-1 bg-white px-2 py-1.5">
                      <button
                        type="button"
                        className={tileButton}
                        onClick={() => move(index, index - 1)}
                        disabled={index === 0}
                        aria-label={`Move photo ${index + 1} earlier`}
                      >
                        <ChevronIcon direction="left" className="size-4" />
                      </button>
                      {index > 0 ? (
                        <button
                          type="button"
                          className="rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                          onClick={() => move(index, 0)}
                          aria-label={`Make photo ${index + 1} the cover`}
                        >
                          Make cover
                        </button>
                      ) : (
                        <span className="text-xs font-medium text-slate-500">Cover photo</span>
                      )}
                      <button
                        type="button"
                        className={tileButton}
                        onClick={() => move(index, index + 1)}
                        disabled={index === items.length - 1}
                        aria-label={`Move photo ${index + 1} later`}
                      >
                        <ChevronIcon direction="right" className="size-4" />
                      </button>
                    </div>
                    {problem ? (
                      <p className="bg-red-50 px-2 py-1 text-xs font-medium text-red-800">
                        {problem}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          ) : (
            <p className="rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
              No photos yet. Choose photos or drop them here.
            </p>
          )}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <label className={`${buttonClass} cursor-pointer`}>
              <input
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                onChange={onChoose}
                disabled={items.length >= LISTING_PHOTO_MAX_COUNT}
              />
              {items.length > 0 ? "Add more photos" : "Choose photos"}
            </label>
            <label className={`${buttonClass} cursor-pointer`}>
              <input
                type="file"
                accept="image/*"
                capture="environment"
                className="sr-only"
                onChange={onChoose}
                disabled={items.length >= LISTING_PHOTO_MAX_COUNT}
              />
              Take a photo
            </label>
            <span className="text-sm text-slate-600 tabular-nums">
              {items.length} of {LISTING_PHOTO_MAX_COUNT}
            </span>
          </div>
          <p className="sr-only" aria-live="polite">
            {notice}
          </p>
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          {saved.length > 0 ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {items.map((item, index) => (
                <li
                  key={item.key}
                  className="overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200"
                >
                  <img
                    src={item.url}
                    alt={`Already saved (${index + 1} of ${items.length})`}
                    className="aspect-[4/3] w-full object-cover"
                  />
                  <label className="flex items-center gap-2 bg-white px-3 py-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      name={orderName}
                      value={item.kind === "existing" ? photoToken.existing(item.id) : ""}
                      defaultChecked
                      className="size-4 accent-brand-600"
                    />
                    Keep photo {index + 1}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          <label className="block text-sm font-medium text-slate-800">
            {saved.length > 0 ? "Add photos" : "Choose photos"}
            <input
              type="file"
              name={name}
              accept="image/*"
              multiple
              className={`mt-1 ${fileInputClass}`}
            />
          </label>
          <label className="block text-sm font-medium text-slate-800">
            Take a photo
            <input
              type="file"
              name={name}
              accept="image/*"
              capture="environment"
              className={`mt-1 ${fileInputClass}`}
            />
          </label>
        </div>
      )}

      {filesDropped && newFiles.length === 0 ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/20">
          The photos you chose were not kept after the error: browsers do not keep chosen files when
          a page reloads. Please choose them again.
        </p>
      ) : null}
      <ul
        id={errorId}
        className="mt-1.5 min-h-5 space-y-1 text-sm font-medium text-red-700"
        aria-live="polite"
      >
        {(errors ?? []).map((message) => (
          <li key={message}>
            <span aria-hidden="true">* </span>
            {message}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
