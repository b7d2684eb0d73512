// A route action's answer as React Router's single fetch sends it, for a client that
// posts to the action itself: form-upload.tsx sends forms with XMLHttpRequest, the
// only browser API that reports upload progress, and React Router's own client
// (`serverAction()`) always sends with `fetch`, which cannot. Framework mode offers no
// public way to give it another transport (no custom fetch, no `dataStrategy`), so
// this file does what React Router 8.4's client does (react-router
// lib/dom/ssr/single-fetch.tsx: singleFetchUrl, fetchAndDecodeViaTurboStream,
// unwrapSingleFetchResult). None of it is public API; every rule here is pinned by
// tests/integration/single-fetch-action.test.ts against React Router's real handler.
import {
  data,
  redirect,
  redirectDocument,
  replace,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
} from "react-router";

import { dataPathOf } from "#app/framework/data-url.ts";

/**
 * The URL React Router's client posts a route's action to. The search stays as it is
 * (an index route's action is asked for with `?index`).
 */
export function actionDataUrl(url: string | URL): URL {
  const dataUrl = new URL(url);
  dataUrl.pathname = dataPathOf(dataUrl.pathname);
  return dataUrl;
}

/**
 * Set on every answer React Router's data handler wrote (status 202 for a redirect,
 * the action's own status otherwise). A response without it was refused in front of
 * React Router (a body over the size limit, a request from another site).
 */
export const FRAMEWORK_ANSWER_HEADER = "X-Remix-Response";

/** Statuses answered without a body; React Router's client reads them as "no data". */
const NO_BODY_STATUSES = new Set([100, 101, 204, 205, 304]);

/** What an action answered, decoded. */
export type ActionAnswer =
  | {
      type: "redirect";
      location: string;
      /** The status the action redirected with (the HTTP status is 202). */
      status: number;
      /** A document load, not a client navigation (redirectDocument). */
      reload: boolean;
      /** Replaces the current history entry (replace). */
      replace: boolean;
      /** The redirect set a cookie or asked for it. Not needed here: see answerForRouter. */
      revalidate: boolean;
    }
  | { type: "data"; data: unknown; status: number }
  | { type: "error"; error: unknown; status: number };

/** Decodes `X-Remix-Response` answers; anything else in the body is an error. */
export async function decodeActionAnswer(response: Response): Promise<ActionAnswer> {
  const { status } = response;
  if (NO_BODY_STATUSES.has(status)) return { type: "data", data: undefined, status };
  if (!response.body) throw new Error(`The action's answer (${status}) has no body.`);
  const { value } = await decodeViaTurboStream(response.body, globalThis);
  if (isObject(value)) {
    if (typeof value.redirect === "string" && typeof value.status === "number") {
      const { reload, replace, revalidate } = value;
      if (
        typeof reload === "boolean" &&
        typeof replace === "boolean" &&
        typeof revalidate === "boolean"
      ) {
        return {
          type: "redirect",
          location: value.redirect,
          status: value.status,
          reload,
          replace,
          revalidate,
        };
      }
    } else if ("error" in value) {
      return { type: "error", error: value.error, status };
    } else if ("data" in value) {
      return { type: "data", data: value.data, status };
    }
  }
  // React Router's client would fail on it too ("Invalid response found for routeId").
  throw new Error(`React Router answered the action in an unknown shape: ${describe(value)}`);
}

/**
 * The answer as a clientAction returns it, so the router goes on exactly as after its
 * own `serverAction()`: a redirect navigates (and, like every submission, makes the
 * router load the next page's data afresh, so `revalidate` needs nothing more), data
 * becomes the route's actionData with the action's status, an error is thrown to the
 * route's ErrorBoundary.
 */
export function answerForRouter<T>(answer: ActionAnswer) {
  switch (answer.type) {
    case "redirect": {
      const init = { status: answer.status };
      if (answer.reload) return redirectDocument(answer.location, init);
      return answer.replace ? replace(answer.location, init) : redirect(answer.location, init);
    }
    case "data":
      return data(answer.data as T, { status: answer.status });
    case "error":
      throw answer.error;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function describe(value: unknown): string {
  return isObject(value)
    ? `an object with ${Object.keys(value).join(", ") || "no keys"}`
    : typeof value;
}
