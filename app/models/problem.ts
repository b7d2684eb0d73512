// Why a model refused or failed, in the domain's words. Models answer with one of
// these codes and never with an HTTP status; routes turn a code into HTTP with
// the one map in app/services/http-errors.server.ts.

export const PROBLEM_CODES = [
  /** Cannot be done as sent: the form comes back with messages to act on. */
  "invalid",
  /** Someone else's: the viewer may not change it. */
  "forbidden",
  /** It does not exist (any more). */
  "not-found",
  /** Clashes with what is already there: the person's own car, a sold car, a repeat. */
  "conflict",
  /** A limit refused it; trying again after `retryAfterSeconds` may work. */
  "rate-limited",
  /** Went wrong on our side; nothing was done. */
  "failed",
] as const;

export type ProblemCode = (typeof PROBLEM_CODES)[number];

/**
 * The problem part of a failed result, limited to the codes a model can give. A
 * rate limit always says when to try again.
 */
export type Problem<Code extends ProblemCode = ProblemCode> =
  | ([Exclude<Code, "rate-limited">] extends [never]
      ? never
      : { code: Exclude<Code, "rate-limited"> })
  | ("rate-limited" extends Code ? { code: "rate-limited"; retryAfterSeconds: number } : never);
