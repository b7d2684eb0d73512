// The one place a model's problem code becomes HTTP: every route that answers a
// model's refusal or failure takes its status (and a limit's Retry-After) here.
import type { Problem, ProblemCode } from "#app/models/problem.ts";

export const PROBLEM_STATUS = {
  invalid: 400,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "rate-limited": 429,
  failed: 500,
} as const satisfies Record<ProblemCode, number>;

/** The status and headers of the answer to a problem: 429 with Retry-After for a limit. */
export function problemInit(problem: Problem): {
  status: number;
  headers?: Record<string, string>;
} {
  if (problem.code === "rate-limited") {
    return {
      status: PROBLEM_STATUS["rate-limited"],
      headers: { "Retry-After": String(problem.retryAfterSeconds) },
    };
  }
  return { status: PROBLEM_STATUS[problem.code] };
}
