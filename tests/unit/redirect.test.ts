import { expect, test } from "vitest";

import { safeRedirectTo } from "#app/services/session.server.ts";

test.each([
  ["/dashboard", "/dashboard"],
  ["/products/sedan?sold=1#top", "/products/sedan?sold=1#top"],
  ["/a/../dashboard", "/dashboard"],
])("%j is followed as %j", (input, expected) => {
  expect(safeRedirectTo(input)).toBe(expected);
});

test.each([
  "//evil.example/x",
  "/\t/evil.example/x",
  "/\n/evil.example",
  "/\\evil.example",
  "/%09/evil.example".replace("%09", "\t"),
  "https://evil.example",
  // Dot segments that resolve to a path starting with "//" (another host).
  "/..//evil.example/x",
  "/x/..//evil.example/x",
  "/%2e%2e//evil.example/x",
  "/.%2E//evil.example/x",
  "/a/b/../..//evil.example",
  "/./..//evil.example",
  "evil",
  "",
  42,
  null,
])("%j is not followed", (input) => {
  expect(safeRedirectTo(input)).toBe("/");
});
