// How the search form moves between URLs: `useSearchForm` navigates to the canonical
// URL of what the form holds (at once for a choice, after a pause in typing), and
// remounts the fields when something else (back, forward, a link) changed the search.
// The filter panel and the search bar above the results share it, tied together by
// the form's id.
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";

import { formSearchQuery } from "#app/models/search.ts";

export const SEARCH_FORM_ID = "search-filters";

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
