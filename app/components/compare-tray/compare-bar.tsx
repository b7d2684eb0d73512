// The bar at the bottom of the car lists while cars are in the comparison tray
// (compare-tray.tsx keeps the tray and shows this bar).
import { AppLink } from "#app/components/ui/app-link.tsx";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";
import { COMPARE_MAX, compareHref } from "#app/models/search-compare.ts";

export function CompareBarView({ ids, onClear }: { ids: readonly number[]; onClear: () => void }) {
  const t = useT();
  return (
    <div
      role="region"
      aria-label={t("Cars to compare")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          <Rich
            message="{chosen} cars chosen to compare"
            values={{
              chosen: (
                <span className="font-semibold text-slate-900">
                  {t("{count} of {max}", { count: ids.length, max: COMPARE_MAX })}
                </span>
              ),
            }}
          />
        </p>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={onClear}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-100"
          >
            {t("Clear")}
          </button>
          <AppLink
            to={compareHref(ids)}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t("{count, plural, one {Compare # car} other {Compare # cars}}", {
              count: ids.length,
            })}
          </AppLink>
        </div>
      </div>
    </div>
  );
}
