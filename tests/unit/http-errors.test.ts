import { data } from "react-router";
import { describe, expect, test } from "vitest";

import { PROBLEM_CODES } from "#app/models/problem.ts";
import { PROBLEM_STATUS, problemInit } from "#app/services/http-errors.server.ts";

describe("the map from a model's problem code to HTTP", () => {
  test("every code has its own error status, and the map knows no other code", () => {
    expect(Object.keys(PROBLEM_STATUS).sort()).toEqual([...PROBLEM_CODES].sort());
    for (const code of PROBLEM_CODES) {
      expect(PROBLEM_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(PROBLEM_STATUS[code]).toBeLessThan(600);
    }
    expect(new Set(Object.values(PROBLEM_STATUS)).size).toBe(PROBLEM_CODES.length);
  });

  test.each([
    ["invalid", 400],
    ["forbidden", 403],
    ["not-found", 404],
    ["conflict", 409],
    ["failed", 500],
  ] as const)("%s answers %i with no headers", (code, status) => {
    expect(problemInit({ code })).toEqual({ status });
  });

  test("rate-limited answers 429 with Retry-After in seconds", () => {
    const init = problemInit({ code: "rate-limited", retryAfterSeconds: 42 });
    expect(init).toEqual({ status: 429, headers: { "Retry-After": "42" } });
    const answer = data({ formError: "later" }, init);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("42");
  });

  test("a failed result passes straight in: its messages are not headers", () => {
    const outcome = { ok: false, code: "not-found", message: "gone" } as const;
    expect(problemInit(outcome)).toEqual({ status: 404 });
  });
});
