// The search form of the car lists. A plain GET form (works without JavaScript);
// with JavaScript, each change navigates to the canonical URL at once (text after
// a pause), so results and the count follow the filters. On phones it folds into
// a <details> panel that ends with "Show 312 cars".
// The panel is here; its filter groups are in filter-fields.tsx, the keyword box and
// sort order in search-bar.tsx, the navigation in use-search-form.ts.
import { useSite } from "#app/components/use-site.ts";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigation } from "react-router";

import { useT } from "#app/i18n/i18n-provider.tsx";
import type { Translate } from "#app/i18n/translator.ts";
import { COUNT_CAP, type MakeModels, type SearchFilters } from "#app/models/search.ts";

import { CHOICES, Field, field, FLAGS, Range, TextFilter } from "./filter-fields.tsx";
import { SEARCH_FORM_ID, type SearchForm } from "./use-search-form.ts";

/** The button's words: "Show 312 cars", "Show 1 car", "Show More than 1,000 cars". */
function showLabel(t: Translate, total: number, capped: boolean): string {
  return capped
    ? t("{count, plural, one {Show More than # car} other {Show More than # cars}}", {
        count: COUNT_CAP,
      })
    : t("{count, plural, one {Show # car} other {Show # cars}}", { count: total });
}

export function SearchFilterPanel({
  formRef,
  go,
  schedule,
  filters,
  makeModels,
  total,
  capped,
  compare,
}: {
  formRef: SearchForm["formRef"];
  go: SearchForm["go"];
  schedule: SearchForm["schedule"];
  filters: SearchFilters;
  makeModels: MakeModels;
  total: number;
  capped: boolean;
  compare: string;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const site = useSite();
  const t = useT();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  // The parent remounts the panel (key) when the URL changes from elsewhere.
  const [make, setMake] = useState(filters.make ?? "");
  const models = makeModels.find((entry) => entry.make === make)?.models ?? [];
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  // Wide screens show the panel open; phones start with it folded.
  useEffect(() => {
    if (window.matchMedia("(min-width: 1024px)").matches) {
      detailsRef.current?.setAttribute("open", "");
    }
  }, []);

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target.name === "make") {
      setMake(target.value);
      go({ dropModel: true });
    } else if (target instanceof HTMLInputElement && target.type === "text") {
      schedule();
    } else {
      go();
    }
  }

  const active = [
    filters.make,
    filters.minYear ?? filters.maxYear,
    filters.minPrice ?? filters.maxPrice,
    filters.maxMileage,
    filters.fuel,
    filters.transmission,
    filters.quality,
    filters.location,
    filters.verified || undefined,
    filters.reduced || undefined,
    filters.sold || undefined,
  ].filter((value) => value !== undefined && value !== "").length;

  return (
    <details
      ref={detailsRef}
      className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:bg-transparent lg:shadow-none lg:ring-0"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 text-sm font-semibold text-slate-900 lg:px-0 lg:text-xs lg:tracking-wide lg:text-slate-500 lg:uppercase [&::-webkit-details-marker]:hidden">
        <span>
          {t("Filters")}
          {active > 0 ? (
            <span className="ms-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white lg:normal-case">
              {t("{count, plural, other {# on}}", { count: active })}
            </span>
          ) : null}
        </span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <form
        ref={formRef}
        id={SEARCH_FORM_ID}
        method="get"
        action={location.pathname}
        role="search"
        aria-label={t("Filter cars")}
        onChange={onChange}
        onSubmit={(event) => {
          event.preventDefault();
          go();
          if (!window.matchMedia("(min-width: 1024px)").matches) {
            detailsRef.current?.removeAttribute("open");
          }
        }}
        className="grid gap-4 px-4 pb-4 lg:px-0"
      >
        {compare ? <input type="hidden" name="compare" value={compare} /> : null}
        <Field label={t("Make")} htmlFor="filter-make">
          <select id="filter-make" name="make" defaultValue={filters.make ?? ""} className={field}>
            <option value="">{t("Any make")}</option>
            {makeModels.map((entry) => (
              <option key={entry.make} value={entry.make} translate="no">
                {entry.make}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("Model")} htmlFor="filter-model">
          <select
            id="filter-model"
            name="model"
            key={make}
            defaultValue={make === filters.make ? (filters.model ?? "") : ""}
            disabled={make !== "" && models.length === 0}
            className={`${field} disabled:bg-slate-100`}
            aria-describedby={make ? undefined : "filter-model-hint"}
          >
            <option value="">{make ? t("Any model") : t("Any model (choose a make first)")}</option>
            {(make ? models : []).map((model) => (
              <option key={model} value={model} translate="no">
                {model}
              </option>
            ))}
          </select>
          {make ? null : (
            <span id="filter-model-hint" className="sr-only">
              {t("Models are listed once a make is chosen.")}
            </span>
          )}
        </Field>
        <Range
          legend={t("Year")}
          names={["minYear", "maxYear"]}
          values={[filters.minYear, filters.maxYear]}
          placeholders={[t("From"), t("To")]}
        />
        <Range
          legend={t("Price ({symbol})", { symbol: site.price.symbol })}
          names={["minPrice", "maxPrice"]}
          values={[filters.minPrice, filters.maxPrice]}
          placeholders={[t("Min"), t("Max")]}
        />
        <TextFilter
          name="maxMileage"
          label={t("Maximum mileage ({unit})", { unit: site.distanceUnit })}
          value={filters.maxMileage}
          placeholder={t("Any")}
          numeric
        />
        {CHOICES.map(([name, label, any, choices]) => (
          <Field key={name} label={t(label)} htmlFor={`filter-${name}`}>
            <select
              id={`filter-${name}`}
              name={name}
              defaultValue={filters[name] ?? ""}
              className={field}
            >
              <option value="">{t(any)}</option>
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {t(choice)}
                </option>
              ))}
            </select>
          </Field>
        ))}
        <TextFilter
          name="location"
          label={t("Location")}
          value={filters.location}
          placeholder={t("City or state")}
        />
        <div className="grid gap-2">
          {FLAGS.map(([name, label]) => (
            <label
              key={name}
              className="flex cursor-pointer items-center gap-2 text-sm text-slate-800"
            >
              <input
                type="checkbox"
                name={name}
                value="1"
                defaultChecked={filters[name]}
                className="size-4 rounded border-slate-300 accent-brand-600"
              />
              {t(label)}
            </label>
          ))}
        </div>
        <div className="sticky bottom-0 -mx-4 bg-white px-4 pt-2 pb-1 lg:static lg:mx-0 lg:bg-transparent lg:p-0">
          <button
            type="submit"
            className="w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            <span aria-live="polite">{busy ? t("Updating…") : showLabel(t, total, capped)}</span>
          </button>
        </div>
      </form>
    </details>
  );
}
