// Which page numbers a list's pagination shows. The component draws them; the car lists'
// loader makes a link for each (search-links.ts).

/**
 * The page numbers to show: the first, the last, and two either side of the
 * current one, with null where a gap is ("1 … 4 5 6 7 8 … 50").
 */
export function shownPageNumbers(page: number, pageCount: number, spread = 2): (number | null)[] {
  const shown = new Set([1, pageCount]);
  for (let n = page - spread; n <= page + spread; n++) {
    if (n >= 1 && n <= pageCount) shown.add(n);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) result.push(null);
    result.push(n);
  });
  return result;
}

/** The address of page `target` of the list at `location`, the rest of its query kept. */
export function pageHref(location: { pathname: string; search: string }, target: number): string {
  const params = new URLSearchParams(location.search);
  if (target === 1) params.delete("page");
  else params.set("page", String(target));
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}
