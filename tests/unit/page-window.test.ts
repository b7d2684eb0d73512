// Which page of a list is shown and where its rows start (app/models/id.ts).
import { describe, expect, it } from "vitest";

import { pageOffset, pageWindow, parsePage } from "#app/models/id.ts";

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
