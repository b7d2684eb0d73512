// Save / unsave a car (the wishlist). A toggle with a pressed state; it posts to
// /wishlist and comes back here, so it works without JavaScript too. With
// JavaScript it shows the new state at once.
import { useLocation } from "react-router";

import { HeartIcon } from "#app/components/icons.tsx";
import { useFetcherOnDemand } from "#app/components/use-fetcher-on-demand.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { WISHLIST_PATH } from "#app/models/wishlist.ts";

export function SaveCarButton({
  listingId,
  title,
  saved,
  compact = false,
}: {
  listingId: number;
  title: string;
  saved: boolean;
  /** Icon only (list rows); the label stays for assistive technology. */
  compact?: boolean;
}) {
  const t = useT();
  const fetcher = useFetcherOnDemand();
  const location = useLocation();
  const pendingIntent = fetcher.formData?.get("intent");
  const shown = pendingIntent ? pendingIntent === "save" : saved;
  return (
    <form
      method="post"
      action={WISHLIST_PATH}
      className="inline-flex"
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit(event.currentTarget);
      }}
    >
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="intent" value={shown ? "remove" : "save"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={compact ? t("Save {title}", { title }) : undefined}
        title={compact ? (shown ? t("Saved — click to remove") : t("Save this car")) : undefined}
        className={
          compact
            ? `inline-flex size-9 items-center justify-center rounded-full ring-1 transition-colors ${shown ? "bg-rose-50 text-rose-600 ring-rose-200" : "bg-white text-slate-500 ring-slate-300 hover:text-rose-600"}`
            : `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm ring-1 transition-colors ${shown ? "bg-rose-50 text-rose-700 ring-rose-200" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50"}`
        }
      >
        <HeartIcon className="size-4" filled={shown} />
        {compact ? null : shown ? t("Saved") : t("Save")}
      </button>
      {fetcher.runner}
    </form>
  );
}
