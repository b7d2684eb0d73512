// The photo picker without JavaScript (photo-picker.tsx shows it until the page is
// hydrated): plain file inputs, and a "Keep" box for each saved photo.
import { useT } from "#app/i18n/i18n-provider.tsx";
import { photoToken } from "#app/models/listing-form.ts";
import type { Item } from "./photo-list.ts";

const fileInputClass =
  "block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100";

export function PlainPhotoInputs({
  items,
  hasSaved,
  name,
  orderName,
}: {
  /** The saved photos, as the picker's list. */
  items: Item[];
  hasSaved: boolean;
  /** The file field the server reads. */
  name: string;
  /** The field of order tokens. */
  orderName: string;
}) {
  const t = useT();
  return (
    <div className="mt-3 space-y-3">
      {hasSaved ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {items.map((item, index) => (
            <li
              key={item.key}
              className="overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200"
            >
              <img
                src={item.url}
                alt={t("{title} ({number} of {count})", {
                  title: t("Already saved"),
                  number: index + 1,
                  count: items.length,
                })}
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
                {t("Keep photo {number}", { number: index + 1 })}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="block text-sm font-medium text-slate-800">
        {hasSaved ? t("Add photos") : t("Choose photos")}
        <input
          type="file"
          name={name}
          accept="image/*"
          multiple
          className={`mt-1 ${fileInputClass}`}
        />
      </label>
      <label className="block text-sm font-medium text-slate-800">
        {t("Take a photo")}
        <input
          type="file"
          name={name}
          accept="image/*"
          capture="environment"
          className={`mt-1 ${fileInputClass}`}
        />
      </label>
    </div>
  );
}
