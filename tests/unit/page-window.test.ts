// Which page of a list is shown and where its rows start (app/models/id.ts).
import { describe, expect, it } from "vitest";

import { pageOffset, pageWindow, parsePage, readCountedPage } from "#app/models/id.ts";

describe("page windows", () => {
  it("keeps the requested page within the first and the last", () => {
    expect(pageWindow(45, 2, 20)).toEqual({ page: 2, pageCount: 3, offset: 20 });
    expect(pageWindow(45, 9, 20)).toEqual({ page: 3, pageCount: 3, offset: 40 });
    expect(pageWindow(45, 0, 20)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(pageWindow(0, 4, 20)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });

  it("counts the rows before a page without knowing the total", () => {
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(7, 20)).toBe(120);
    expect(pageOffset(-3, 20)).toBe(0);
  });

  it("reads a page number from the address, 1 for anything else", () => {
    expect(parsePage("3")).toBe(3);
    for (const value of ["0", "-2", "x", "2.5", undefined, ""]) expect(parsePage(value)).toBe(1);
  });
});

describe("a page that carries its list's count", () => {
  // 45 rows, 20 a page: each row carries the count, as the statement writes it.
  const rows = Array.from({ length: 45 }, (_, index) => ({ id: index + 1, total: 45 }));
  const reader = () => {
    const reads: number[] = [];
    let counts = 0;
    return {
      reads,
      counts: () => counts,
      read: async (offset: number) => (reads.push(offset), rows.slice(offset, offset + 20)),
      count: async () => (counts++, rows.length),
    };
  };

  it("reads a page and its count in one read", async () => {
    const list = reader();
    const page = await readCountedPage(2, 20, list.read, list.count);
    expect(page).toMatchObject({ total: 45, page: 2, pageCount: 3 });
    expect(page.rows.map((row) => row.id)).toEqual(rows.slice(20, 40).map((row) => row.id));
    expect(page.rows[0]).not.toHaveProperty("total");
    expect([list.reads, list.counts()]).toEqual([[20], 0]);
  });

  it("past the end counts on its own and shows the last page", async () => {
    const list = reader();
    const page = await readCountedPage(9, 20, list.read, list.count);
    expect(page).toMatchObject({ total: 45, page: 3, pageCount: 3 });
    expect(page.rows.map((row) => row.id)).toEqual([41, 42, 43, 44, 45]);
    expect([list.reads, list.counts()]).toEqual([[160, 40], 1]);
  });

  it("an empty list is one read and page 1 of 1", async () => {
    const empty = { read: async () => [] as { total: number }[], count: async () => 0 };
    const page = await readCountedPage(1, 20, empty.read, empty.count);
    expect(page).toEqual({ rows: [], total: 0, page: 1, pageCount: 1 });
  });
});
