// Choosing a listing's photos. Without JavaScript the picker is plain file inputs
// (and, when editing, a "Keep" box per saved photo). With it, chosen files and
// saved photos form one ordered list with previews: reorder, remove, make cover.
// The list reaches the server as the files of one hidden file input plus a
// `photoOrder` token per photo. Sending it with upload progress: form-upload.tsx.
// The list's items and the order it starts in: photo-list.ts.
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from "react";

import { ChevronIcon, CloseIcon } from "#app/components/icons.tsx";
import { useSite } from "#app/components/use-site.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { initialItems, type Item, type SavedPhoto } from "./photo-list.ts";
import { PlainPhotoInputs } from "./plain-photo-inputs.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import {
  fileLabel,
  LISTING_PHOTO_MAX_MB,
  photoFileProblem,
  photoToken,
} from "#app/models/listing-form.ts";

let itemCounter = 0;

/** Whether a photo's error message names the file `label` ("name" or «name»). */
function namesFile(message: string, label: string): boolean {
  return message.includes(`"${label}"`) || message.includes(`«${label}»`);
}

const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-3.5 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-600";
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
  const t = useT();
  const hydrated = useHydrated();
  // The site's limit (a setting, at most 12).
  const maxPhotos = useSite().photosPerCar;
  const [items, setItems] = useState<Item[]>(() => initialItems(saved, initialOrder));
  const [notice, setNotice] = useState("");
  const [broken, setBroken] = useState<Set<string>>(() => new Set());
  const carrier = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
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

  // The hidden carrier cannot take focus: when the photos come back with an error
  // (and focus was lost while the form was hidden, or sits on the submit button),
  // focus the chooser, which the error describes.
  const errorKey = errors?.join("\n") ?? "";
  useEffect(() => {
    if (!errorKey) return;
    // The answer can arrive while the form is still hidden behind the upload
    // spinner: wait (a few seconds at most) until the chooser can take focus.
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const active = document.activeElement;
      const lost =
        !active || active === document.body || (active as HTMLButtonElement).type === "submit";
      if (!lost) return;
      const target = chooser.current;
      if (target && target.getClientRects().length > 0) target.focus();
      if (document.activeElement !== target && tries++ < 180) {
        frame = requestAnimationFrame(attempt);
      }
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [errorKey]);

  function add(files: FileList | File[] | null) {
    const chosen = [...(files ?? [])];
    if (chosen.length === 0) return;
    const room = maxPhotos - items.length;
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
        ? t(
            "{count, plural, one {# photo added.} other {# photos added.}} A car can have at most {max} photos, so {skipped, plural, one {# was} other {# were}} left out.",
            { count: taken.length, max: maxPhotos, skipped },
          )
        : t("{count, plural, one {# photo added.} other {# photos added.}}", {
            count: taken.length,
          }),
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
    setNotice(t("Photo {number} removed.", { number: index + 1 }));
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
        ? t("Photo {number} is now the cover.", { number: index + 1 })
        : t("Photo {number} moved to position {position}.", {
            number: index + 1,
            position: to + 1,
          }),
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
      <legend className="text-sm font-semibold text-slate-800">{t("Photos")}</legend>
      <p id={hintId} className="mt-0.5 text-xs text-slate-600">
        {t(
          "{max, plural, =1 {1 photo} other {1 to # photos}}: JPEG, PNG, WebP, AVIF or HEIC, up to {size} MB each. The first photo is the cover.",
          { max: maxPhotos, size: LISTING_PHOTO_MAX_MB },
        )}
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
            <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t("Chosen photos")}>
              {items.map((item, index) => {
                const label = item.kind === "new" ? fileLabel(item.file, t) : t("Already saved");
                // The browser's own check (shown here at once), or the server's
                // message naming this file (shown in the list under the photos; its
                // translation may quote the name «so» and put it anywhere).
                const problem =
                  item.kind === "new"
                    ? (photoFileProblem(item.file, t) ??
                      (errors?.some((message) => namesFile(message, label))
                        ? t("Not accepted: see the message below.")
                        : null))
                    : null;
                return (
                  <li
                    key={item.key}
                    className={`relative overflow-hidden rounded-xl bg-slate-100 ring-1 ${
                      problem ? "ring-2 ring-red-600" : "ring-slate-200"
                    }`}
                  >
                    {broken.has(item.key) ? (
                      <div className="flex aspect-[4/3] items-center justify-center px-3 pt-10 pb-3 text-center text-xs text-slate-600">
                        {t("No preview in this browser; the photo will still be sent.")}
                      </div>
                    ) : (
                      <img
                        src={item.url}
                        alt={t("{title} ({number} of {count})", {
                          title: label,
                          number: index + 1,
                          count: items.length,
                        })}
                        className="aspect-[4/3] w-full object-cover"
                        onError={() => setBroken((current) => new Set(current).add(item.key))}
                      />
                    )}
                    <span className="absolute top-2 start-2 rounded-full bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white">
                      {index === 0 ? t("Cover") : index + 1}
                    </span>
                    <div className="absolute top-2 end-2">
                      <button
                        type="button"
                        className={tileButton}
                        onClick={() => remove(index)}
                        aria-label={t("Remove photo {number}", { number: index + 1 })}
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
                        aria-label={t("Move photo {number} earlier", { number: index + 1 })}
                      >
                        <ChevronIcon direction="left" className="size-4" />
                      </button>
                      {index > 0 ? (
                        <button
                          type="button"
                          className="rounded-md px-1.5 py-1 text-xs font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50"
                          onClick={() => move(index, 0)}
                        >
                          {t("Make cover")}
                          <span className="sr-only">
                            {t(", photo {number}", { number: index + 1 })}
                          </span>
                        </button>
                      ) : (
                        <span className="text-xs font-medium whitespace-nowrap text-slate-500 max-sm:sr-only">
                          {t("Cover photo")}
                        </span>
                      )}
                      <button
                        type="button"
                        className={tileButton}
                        onClick={() => move(index, index + 1)}
                        disabled={index === items.length - 1}
                        aria-label={t("Move photo {number} later", { number: index + 1 })}
                      >
                        <ChevronIcon direction="right" className="size-4" />
                      </button>
                    </div>
                    {problem ? (
                      <p className="bg-red-50 px-2 py-1 text-xs font-medium text-red-800">
                        {t(problem)}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          ) : (
            <p className="rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
              {t("No photos yet. Choose photos or drop them here.")}
            </p>
          )}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <label className={`${buttonClass} cursor-pointer`}>
              <input
                ref={chooser}
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                aria-describedby={describedBy}
                onChange={onChoose}
                disabled={items.length >= maxPhotos}
              />
              {items.length > 0 ? t("Add more photos") : t("Choose photos")}
            </label>
            <label className={`${buttonClass} cursor-pointer`}>
              <input
                type="file"
                accept="image/*"
                capture="environment"
                className="sr-only"
                onChange={onChoose}
                disabled={items.length >= maxPhotos}
              />
              {t("Take a photo")}
            </label>
            <span className="text-sm text-slate-600 tabular-nums">
              {t("{count} of {max}", { count: items.length, max: maxPhotos })}
            </span>
          </div>
          <p className="sr-only" aria-live="polite">
            {notice}
          </p>
        </div>
      ) : (
        <PlainPhotoInputs
          items={items}
          hasSaved={saved.length > 0}
          name={name}
          orderName={orderName}
        />
      )}

      {filesDropped && newFiles.length === 0 ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/20">
          {t(
            "The photos you chose were not kept after the error: browsers do not keep chosen files when a page reloads. Please choose them again.",
          )}
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
            {t(message)}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
