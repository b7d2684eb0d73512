// The car lists' links are made by the loader (search-links.ts): each keeps the search's
// filters and the compare tray, in the canonical order.
import { describe, expect, test } from "vitest";

import { pageHref, shownPageNumbers } from "#app/models/page-numbers.ts";
import { filterChips, looserSearches, pageLinks } from "#app/models/search-links.ts";
import type { SearchFilters } from "#app/models/search.ts";

const base: SearchFilters = { verified: false, sold: false, sort: "newest", page: 1 };

describe("page links", () => {
  test("a dashboard list's page links keep the rest of the query; page 1 has no page", () => {
    const at = { pathname: "/dashboard/alluser", search: "?q=ann&page=3" };
    expect(pageHref(at, 4)).toBe("/dashboard/alluser?q=ann&page=4");
    expect(pageHref(at, 1)).toBe("/dashboard/alluser?q=ann");
    expect(pageHref({ pathname: "/dashboard/myorders", search: "?page=2" }, 1)).toBe(
      "/dashboard/myorders",
    );
  });

  test("previous, next and every number Pagination shows, each with the filters", () => {
    const filters = { ...base, make: "Toyota", page: 5 };
    const links = pageLinks("/products/sedan", filters, "3,4", 5, 50);
    const wanted = [4, 6, ...shownPageNumbers(5, 50)].filter((n) => n !== null);
    expect(
      Object.keys(links)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...new Set(wanted)].sort((a, b) => a - b));
    expect(links[1]).toBe("/products/sedan?make=Toyota&compare=3%2C4");
    expect(links[6]).toBe("/products/sedan?make=Toyota&page=6&compare=3%2C4");
    expect(links[50]).toBe("/products/sedan?make=Toyota&page=50&compare=3%2C4");
  });

  test("a first page has no previous, a last page no next", () => {
    expect(Object.keys(pageLinks("/products/allProducts", base, "", 1, 3))).toEqual([
      "1",
      "2",
      "3",
    ]);
    expect(pageLinks("/products/allProducts", base, "", 1, 1)).toEqual({
      1: "/products/allProducts",
    });
  });

  test("the numbers shown: first, last, two either side, a gap as null", () => {
    expect(shownPageNumbers(1, 1)).toEqual([1]);
    expect(shownPageNumbers(5, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 50]);
    expect(shownPageNumbers(25, 50)).toEqual([1, null, 23, 24, 25, 26, 27, null, 50]);
  });
});

describe("filter chips", () => {
  test("each is the search without it; clearing keeps only the compare tray", () => {
    const filters: SearchFilters = {
      ...base,
      q: "family",
      minPrice: 5000,
      maxPrice: 20000,
      sold: true,
      sort: "relevance",
    };
    const { chips, clearHref } = filterChips("/products/allProducts", filters, "7");
    expect(chips).toEqual([
      {
        key: "q",
        label: "“family”",
        href: "/products/allProducts?minPrice=5000&maxPrice=20000&sold=1&compare=7",
      },
      {
        key: "price",
        label: "Price 5,000$–20,000$",
        href: "/products/allProducts?q=family&sold=1&compare=7",
      },
      {
        key: "sold",
        label: "Including sold",
        href: "/products/allProducts?q=family&minPrice=5000&maxPrice=20000&compare=7",
      },
    ]);
    expect(clearHref).toBe("/products/allProducts?compare=7");
    expect(filterChips("/products/suv", base, "")).toEqual({
      chips: [],
      clearHref: "/products/suv",
    });
  });

  test("a looser search that leaves the category goes to all cars", () => {
    const looser = looserSearches(
      "/products/suv",
      [
        { label: "Remove Diesel", query: "", everyCategory: false, total: 1, capped: false },
        {
          label: "Search every category",
          query: "fuel=Diesel",
          everyCategory: true,
          total: 1001,
          capped: true,
        },
      ],
      "2",
    );
    expect(looser).toEqual([
      { label: "Remove Diesel", href: "/products/suv?compare=2", count: "1 car" },
      {
        label: "Search every category",
        href: "/products/allProducts?fuel=Diesel&compare=2",
        count: "More than 1,000 cars",
      },
    ]);
  });
});
