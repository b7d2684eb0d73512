// What a search that finds nothing shows: the looser searches that do find cars.
// Most searches find cars, so the car lists load this only when it is shown.
import { AppLink } from "#app/components/ui/app-link.tsx";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";

/** A looser search that finds cars, as the loader words (in the reader's language) and links it. */
export type LooserSearch = { label: string; href: string; count: string };

/** No cars match: say so, and offer the looser searches that do find cars. */
export function EmptySearch({
  suggestions,
  filtered,
  inCategory,
}: {
  suggestions: LooserSearch[];
  /** Whether the search has filters (or words) beyond its category. */
  filtered: boolean;
  inCategory: string | null;
}) {
  const t = useT();
  return (
    <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      <p className="text-lg font-semibold text-slate-900">{t("No cars match this search")}</p>
      {suggestions.length > 0 ? (
        <>
          <p className="mt-2 text-slate-600">{t("Try loosening it:")}</p>
          <ul className="mx-auto mt-4 grid max-w-md gap-2 text-start">
            {suggestions.slice(0, 5).map((option) => (
              <li key={option.label}>
                <AppLink
                  to={option.href}
                  className="flex items-center justify-between gap-3 rounded-xl px-4 py-3 ring-1 ring-slate-200 hover:bg-slate-50"
                >
                  <span className="font-medium text-slate-900">{t(option.label)}</span>
                  <span className="text-sm whitespace-nowrap text-slate-600">{option.count}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-slate-600">
          {filtered ? (
            t("Even without these filters nothing matches. Try other words or another category.")
          ) : inCategory ? (
            <Rich
              message="There are no cars for sale in {category} right now."
              values={{ category: <span translate="no">{inCategory}</span> }}
            />
          ) : (
            t("There are no cars for sale right now.")
          )}
        </p>
      )}
      {filtered || inCategory ? (
        <AppLink
          to="/products/allProducts"
          className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
        >
          {t("See all cars")}
        </AppLink>
      ) : null}
    </div>
  );
}
