// "Listed N days ago" and "Confirmed available N days ago" on a car's own page,
// and the note shown while a car awaits its seller's confirmation (DESIGN 21).
// The words are freshness.ts's listedAgo and confirmedAgo (day counts without
// separators, "1204 days"), in the reader's language.
import { useSite } from "#app/components/use-site.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { confirmedAgo, isStale, listedAgo } from "#app/models/freshness.ts";
import { type ListingStatus } from "#app/models/listing.ts";

export function ListingFreshness({
  status,
  createdAt,
  confirmedAt,
  now,
}: {
  status: ListingStatus;
  createdAt: string;
  confirmedAt: string;
  /** The server's time, so server and browser word it the same. */
  now: string;
}) {
  const { freshDays } = useSite();
  const t = useT();
  const stale = isStale({ status, confirmedAt }, now, freshDays);
  return (
    <div className="mt-2 text-sm text-slate-600">
      <p>
        {listedAgo(createdAt, now, t)}
        {status === "available" ? (
          <>
            <span aria-hidden="true" className="max-sm:hidden">
              {" · "}
            </span>
            <span className="max-sm:block">{confirmedAgo(confirmedAt, now, t)}</span>
          </>
        ) : null}
      </p>
      {stale ? (
        <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-amber-950 ring-1 ring-amber-600/30">
          <span className="font-semibold">{t("Awaiting the seller's confirmation.")}</span>{" "}
          {t(
            "{days, plural, other {The seller has not confirmed for # days that this car is still for sale, so it is not shown in the lists until they do.}}",
            { days: freshDays },
          )}
        </p>
      ) : null}
    </div>
  );
}
