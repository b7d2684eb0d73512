// Reading ids and page numbers from URLs and forms: anything that is not a plain
// positive whole number (1e99, -1, 0x10, 20 digits, %00) is not an id.

/** A record id (1 to 999,999,999), or null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A page number from `?page=`; 1 for anything else. Pages past the end show the last one. */
export function parsePage(value: unknown): number {
  return parseId(value) ?? 1;
}

/** Which page of `total` rows to show (`requested`, kept within 1..last) and where it starts. */
export function pageWindow(total: number, requested: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: pageOffset(page, size) };
}

/** The rows before page `requested` (1 and up; below 1 reads as 1) of pages of `size`. */
export function pageOffset(requested: number, size: number) {
  return (Math.max(1, requested) - 1) * size;
}

/**
 * One page of a list whose rows each carry the list's count (`total`), read in one
 * statement where a count and a page were two (a trip to the embedded database each).
 * A page past the end has no row to carry it: the count is then read on its own
 * (`count`) and the last page read instead.
 */
export async function readCountedPage<Row extends { total: number }>(
  requested: number,
  size: number,
  read: (offset: number) => PromiseLike<Row[]>,
  count: () => PromiseLike<number>,
) {
  const first = await read(pageOffset(requested, size));
  const total = first[0]?.total ?? (requested <= 1 ? 0 : await count());
  const { page, pageCount, offset } = pageWindow(total, requested, size);
  const rows = page === Math.max(1, requested) ? first : await read(offset);
  return { rows: rows.map(({ total: _total, ...row }) => row), total, page, pageCount };
}

/**
 * An account id (ours are UUIDs, better-auth's are letters and digits), or null:
 * control characters and other punctuation never reach a query.
 */
export function parseUserId(value: unknown): string | null {
  return typeof value === "string" && /^[\w-]{1,100}$/.test(value) ? value : null;
}
