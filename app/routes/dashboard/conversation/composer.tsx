// The form that writes the next message: its words (Ctrl+Enter sends) and up to four photos,
// shown as small previews that can be taken out again before sending. Without JavaScript it is
// a plain multipart form; with it, a fetcher that keeps the page where it is.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

import { CloseIcon } from "#app/components/icons.tsx";
import { FieldError, FormError, inputClass, SubmitButton } from "#app/components/ui/form.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import {
  CONVERSATION_MESSAGES,
  MESSAGE_MAX_CHARS,
  MESSAGE_PHOTO_MAX,
  messageFormSchema,
} from "#app/models/conversation.ts";
import { photoFileProblem } from "#app/models/listing-form.ts";

/**
 * Whether the next composer takes the focus: the one before it sent its message. Outside
 * React's state, so it survives that composer's remount (a page has one composer).
 */
const focusAfterSending = { current: false };

/** The picture types browsers and our pipeline both read. */
const PHOTO_TYPES = "image/jpeg,image/png,image/webp,image/heic,image/heif";

export function Composer({
  composeKey,
  lastResult,
  error,
}: {
  composeKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
  error: string | undefined;
}) {
  const t = useT();
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]>; error?: string }>();
  const answer = fetcher.data;
  const { form, fields, props } = useSchemaForm(
    "message",
    messageFormSchema,
    answer?.result ?? lastResult,
    { checkOnSubmit: true },
  );
  const pending = fetcher.state !== "idle";
  // One key per compose: kept while the message is being written and sent (a retry of
  // the same compose is the same message). Once it is in, the page renders a new composer
  // (keyed by the count of the sender's messages) with a new key, and focus stays here.
  const [key] = useState(composeKey);
  const [length, setLength] = useState(0);
  const { input: photoInput, previews, problems, choose, remove } = useChosenPhotos();
  // Stable, so it runs once, when this composer's textarea mounts.
  const takeFocus = useCallback((element: HTMLTextAreaElement | null) => {
    if (element && focusAfterSending.current) {
      focusAfterSending.current = false;
      element.focus();
    }
  }, []);
  // A refused send (its answer comes back here; a sent one redirects) remounts nothing:
  // the next composer, perhaps on another conversation, must not take the focus for it.
  useEffect(() => {
    if (answer) focusAfterSending.current = false;
  }, [answer]);
  const formError = answer?.error ?? error ?? form.errors?.[0];
  const photoErrors = problems.length > 0 ? problems : fields.photos.errors;
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      {...getFormProps(form)}
      onSubmit={(event) => {
        // A file the browser already knows is too large is not sent at all.
        if (problems.length > 0) {
          event.preventDefault();
          photoInput.current?.focus();
          return;
        }
        form.onSubmit(event);
        if (!event.defaultPrevented) focusAfterSending.current = true;
      }}
    >
      <FormError message={formError ?? null} />
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="composeKey" value={key} />
      <label htmlFor={fields.body.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {t("Your message")}
      </label>
      <textarea
        {...props.textarea("body")}
        ref={takeFocus}
        rows={3}
        maxLength={MESSAGE_MAX_CHARS}
        translate="no"
        className={inputClass}
        onChange={(event) => setLength(event.currentTarget.value.length)}
        onKeyDown={(event) => {
          // Ctrl+Enter (or ⌘+Enter) sends; Enter alone starts a new line.
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FieldError id={fields.body.errorId} errors={fields.body.errors} />
        <span className="text-xs text-slate-500" aria-hidden="true">
          {length > MESSAGE_MAX_CHARS - 200 ? `${length} / ${MESSAGE_MAX_CHARS}` : null}
        </span>
      </div>
      <div>
        <label htmlFor={fields.photos.id} className="block text-sm font-semibold text-slate-800">
          {t("Photos")}{" "}
          <span className="font-normal text-slate-600">
            {t("(optional, up to {count}; only the two of you can see them)", {
              count: MESSAGE_PHOTO_MAX,
            })}
          </span>
        </label>
        <input
          ref={photoInput}
          id={fields.photos.id}
          name="photos"
          type="file"
          multiple
          accept={PHOTO_TYPES}
          aria-invalid={photoErrors?.length ? true : undefined}
          aria-describedby={fields.photos.errorId}
          onChange={(event) => choose(event.currentTarget, t)}
          className="mt-1.5 block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3.5 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
        />
        {previews.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("Chosen photos")}>
            {previews.map((preview, index) => (
              <li key={preview.url} className="relative">
                <img
                  src={preview.url}
                  alt={preview.name}
                  className="h-20 w-20 rounded-lg object-cover ring-1 ring-slate-200"
                />
                <button
                  type="button"
                  onClick={() => remove(index, t)}
                  className="absolute -end-2 -top-2 rounded-full bg-white p-1 text-slate-700 shadow ring-1 ring-slate-300 hover:text-red-700"
                  aria-label={t("Remove {name}", { name: preview.name })}
                >
                  <CloseIcon className="h-4 w-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <FieldError id={fields.photos.errorId} errors={photoErrors} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-md text-xs text-slate-600">
          {t("Keep the conversation here: it is where we can help if something goes wrong.")}
        </p>
        <div className="ms-auto">
          <SubmitButton pending={pending} pendingLabel={t("Sending…")} className="px-8">
            {t("Send")}
          </SubmitButton>
        </div>
      </div>
    </fetcher.Form>
  );
}

type Preview = { name: string; url: string };

/**
 * The photos chosen in the composer's file input: previews (object URLs, released when they
 * go), and what the browser can already tell is wrong (too many, empty, too large).
 */
function useChosenPhotos() {
  const input = useRef<HTMLInputElement>(null);
  const [previews, setPreviews] = useState<Preview[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(
    () => () => previews.forEach((preview) => URL.revokeObjectURL(preview.url)),
    [previews],
  );
  const show = (files: File[], t: ReturnType<typeof useT>) => {
    setPreviews(files.map((file) => ({ name: file.name, url: URL.createObjectURL(file) })));
    const found = files.map((file) => photoFileProblem(file, t)).filter((p) => p !== null);
    if (files.length > MESSAGE_PHOTO_MAX) found.unshift(t(CONVERSATION_MESSAGES.tooManyPhotos));
    setProblems(found);
  };
  return {
    input,
    previews,
    problems,
    choose(element: HTMLInputElement, t: ReturnType<typeof useT>) {
      show([...(element.files ?? [])], t);
    },
    /** Takes one photo out of the input's list (a file input's list is rebuilt whole). */
    remove(index: number, t: ReturnType<typeof useT>) {
      const element = input.current;
      if (!element?.files) return;
      const kept = [...element.files].filter((_, at) => at !== index);
      const list = new DataTransfer();
      kept.forEach((file) => list.items.add(file));
      element.files = list.files;
      show(kept, t);
      element.focus();
    },
  };
}
