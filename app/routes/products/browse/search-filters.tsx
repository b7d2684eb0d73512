// The search form of the car lists. A plain GET form (works without JavaScript);
// with JavaScript, each change navigates to the canonical URL at once (text after
// a pause), so results and the count follow the filters. On phones it folds into
// a <details> panel that ends with "Show 312 cars".
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";

import { FUELS, QUALITIES, TRANSMISSIONS } from "#app/models/listing.ts";
import {
  countLabel,
  formSearchQuery,
  SORT_LABEL,
  SORTS,
  type MakeModels,
  type SearchFilters,
} from "#app/models/search.ts";

export const SEARCH_FORM_ID = "search-filters";

const field =
  "mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600";
const labelText = "text-sm font-medium text-slate-800";

function Field({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className={labelText}>
        {label}
      </label>
      {children}
    </div>
  );
}

function Range({
  legend,
  names,
  values,
  placeholders,
  inputMode = "numeric",
}: {
  legend: string;
  names: [string, string];
  values: [number | undefined, number | undefined];
  placeholders: [string, string];
  inputMode?: "numeric";
}) {
  return (
    <fieldset>
      <legend className={labelText}>{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-2">
        {names.map((name, index) => (
          <div key={name}>
            <label htmlFor={`filter-${name}`} className="sr-only">
              {`${legend}, ${index === 0 ? "from" : "to"}`}
            </label>
            <input
              id={`filter-${name}`}
              type="text"
              name={name}
              inputMode={inputMode}
              autoComplete="off"
              defaultValue={values[index] ?? ""}
              placeholder={placeholders[index]}
              className={`${field} mt-0`}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The filters chosen from a list: name, label, the "any" option and the choices. */
const CHOICES = [
  ["fuel", "Fuel", "Any fuel", FUELS],
  ["transmission", "Transmission", "Any transmission", TRANSMISSIONS],
  ["quality", "Quality", "Any quality", QUALITIES],
] as const;

const FLAGS = [
  ["verified", "Verified sellers only"],
  ["sold", "Include sold cars"],
] as const;

function TextFilter({
  name,
  label,
  value,
  placeholder,
  numeric,
}: {
  name: "maxMileage" | "location";
  label: string;
  value: string | number | undefined;
  placeholder: string;
  numeric?: boolean;
}) {
  return (
    <Field label={label} htmlFor={`filter-${name}`}>
      <input
        id={`filter-${name}`}
        type="text"
        name={name}
        inputMode={numeric ? "numeric" : undefined}
        autoComplete="off"
        defaultValue={value ?? ""}
        placeholder={placeholder}
        className={field}
      />
    </Field>
  );
}

/** Turns the form into the canonical URL of its search. */
function canonicalHref(form: HTMLFormElement, pathname: string, dropModel: boolean): string {
  const fields = new URLSearchParams();
  // FormData includes the keyword box and sort above the results (form="…").
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") fields.append(name, value);
  }
  // A new make starts with any model.
  if (dropModel) fields.delete("model");
  const query = formSearchQuery(fields);
  return `${pathname}${query ? `?${query}` : ""}`;
}

export type SearchForm = ReturnType<typeof useSearchForm>;

/**
 * Navigation for the search form: `go` moves to the canonical URL of the form
 * (pushing a history entry), `schedule` does it after a pause in typing
 * (replacing). `formKey` changes when something else (back, forward, a link)
 * changed the search, so the fields show the URL's values again.
 */
export function useSearchForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastSent = useRef(location.pathname + location.search);
  const [formKey, setFormKey] = useState(0);
  // Our own changes still on their way, oldest first. When the URL lands on one of them
  // while a later one is pending (two quick changes), the fields already show the later
  // one, and what is being typed must stay: only a change from elsewhere remounts them.
  const pending = useRef<string[]>([]);
  const here = location.pathname + location.search;
  useEffect(() => {
    if (here === lastSent.current) {
      pending.current = [];
      return;
    }
    const ours = pending.current.indexOf(here);
    if (ours >= 0) {
      pending.current = pending.current.slice(ours + 1);
      return;
    }
    pending.current = [];
    lastSent.current = here;
    setFormKey((key) => key + 1);
  }, [here]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function go(options: { replace?: boolean; dropModel?: boolean } = {}) {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const href = canonicalHref(form, location.pathname, options.dropModel ?? false);
    if (href === lastSent.current) return;
    lastSent.current = href;
    pending.current.push(href);
    void navigate(href, { replace: options.replace ?? false, preventScrollReset: true });
  }
  function schedule() {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go({ replace: true }), 450);
  }
  return { formRef, formKey, go, schedule };
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
    filters.sold || undefined,
  ].filter((value) => value !== undefined && value !== "").length;
  const showLabel = `Show ${countLabel(total, capped)}`;

  return (
    <details
      ref={detailsRef}
      className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:bg-transparent lg:shadow-none lg:ring-0"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 text-sm font-semibold text-slate-900 lg:px-0 lg:text-xs lg:tracking-wide lg:text-slate-500 lg:uppercase [&::-webkit-details-marker]:hidden">
        <span>
          Filters
          {active > 0 ? (
            <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white lg:normal-case">
              {active} on
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
        aria-label="Filter cars"
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
        <Field label="Make" htmlFor="filter-make">
          <select id="filter-make" name="make" defaultValue={filters.make ?? ""} className={field}>
            <option value="">Any make</option>
            {makeModels.map((entry) => (
              <option key={entry.make} value={entry.make}>
                {entry.make}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Model" htmlFor="filter-model">
          <select
            id="filter-model"
            name="model"
            key={make}
            defaultValue={make === filters.make ? (filters.model ?? "") : ""}
            disabled={make !== "" && models.length === 0}
            className={`${field} disabled:bg-slate-100`}
            aria-describedby={make ? undefined : "filter-model-hint"}
          >
            <option value="">{make ? "Any model" : "Any model (choose a make first)"}</option>
            {(make ? models : []).map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
          {make ? null : (
            <span id="filter-model-hint" className="sr-only">
              Models are listed once a make is chosen.
            </span>
          )}
        </Field>
        <Range
          legend="Year"
          names={["minYear", "maxYear"]}
          values={[filters.minYear, filters.maxYear]}
          placeholders={["From", "To"]}
        />
        <Range
          legend="Price ($)"
          names={["minPrice", "maxPrice"]}
          values={[filters.minPrice, filters.maxPrice]}
          placeholders={["Min", "Max"]}
        />
        <TextFilter
          name="maxMileage"
          label="Maximum mileage (km)"
          value={filters.maxMileage}
          placeholder="Any"
          numeric
        />
        {CHOICES.map(([name, label, any, choices]) => (
          <Field key={name} label={label} htmlFor={`filter-${name}`}>
            <select
              id={`filter-${name}`}
              name={name}
              defaultValue={filters[name] ?? ""}
              className={field}
            >
              <option value="">{any}</option>
              {choices.map((choice) => (
                <option key={choice}>{choice}</option>
              ))}
            </select>
          </Field>
        ))}
        <TextFilter
          name="location"
          label="Location"
          value={filters.location}
          placeholder="City or state"
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
              {label}
            </label>
          ))}
        </div>
        <div className="sticky bottom-0 -mx-4 bg-white px-4 pt-2 pb-1 lg:static lg:mx-0 lg:bg-transparent lg:p-0">
          <button
            type="submit"
            className="w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            <span aria-live="polite">{busy ? "Updating…" : showLabel}</span>
          </button>
        </div>
      </form>
    </details>
  );
}

/** The keyword box and the sort order, above the results; they belong to the form. */
export function SearchBar({
  go,
  schedule,
  filters,
}: {
  go: SearchForm["go"];
  schedule: SearchForm["schedule"];
  filters: SearchFilters;
}) {
  return (
    <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <label htmlFor="filter-q" className={labelText}>
          Search cars
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="filter-q"
            form={SEARCH_FORM_ID}
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            onChange={() => schedule()}
            maxLength={200}
            autoComplete="off"
            placeholder="Make, model, words in the description…"
            className={`${field} mt-0`}
          />
          <button
            type="submit"
            form={SEARCH_FORM_ID}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Search
          </button>
        </div>
      </div>
      <div>
        <label htmlFor="filter-sort" className={labelText}>
          Sort by
        </label>
        <select
          id="filter-sort"
          form={SEARCH_FORM_ID}
          name="sort"
          defaultValue={filters.sort}
          onChange={() => go()}
          className={`${field} sm:w-56`}
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {sort === "relevance" ? `${SORT_LABEL[sort]} (when searching)` : SORT_LABEL[sort]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
