// Requests for the adversarial suites: raw HTTP with any method, body and role's
// session cookie, multipart forms with files, and the checks every answer gets.
import http from "node:http";

import { expect } from "vitest";

import { dataPathOf } from "#app/framework/data-url.ts";
import { TEXT_MESSAGES } from "#app/models/text.ts";

import { baseURL } from "./browser.ts";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
export type Role = "visitor" | "buyer" | "seller" | "admin";
export type Fields = Record<string, string | string[]>;

export const base = new URL(baseURL());
export const ROLES: Role[] = ["visitor", "buyer", "seller", "admin"];
export const ACCOUNTS: Record<Exclude<Role, "visitor">, string> = {
  buyer: "liam.carter@example.com",
  seller: "maya.thompson@example.com",
  admin: "admin@example.com",
};
export const cookies: Record<Role, string> = { visitor: "", buyer: "", seller: "", admin: "" };

export function send(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string; role?: Role } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Host: base.host, ...options.headers };
  if (options.body === undefined && method !== "GET") headers["Content-Length"] = "0";
  const cookie = cookies[options.role ?? "visitor"];
  if (cookie) headers.Cookie = cookie;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: base.hostname, port: base.port, method, path, headers, setHost: false, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        // An event stream (a conversation's, issue 27) never ends: its head is its answer.
        if (String(response.headers["content-type"]).startsWith("text/event-stream")) {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: "" });
          request.destroy();
          return;
        }
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

export const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

export function urlEncoded(fields: Fields): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return params.toString();
}

/** A multipart form (with files) through fetch, answered without following redirects. */
export async function sendMultipart(
  path: string,
  fields: Fields,
  files: Record<string, Buffer | Buffer[]>,
  role: Role,
): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  for (const [name, buffers] of Object.entries(files)) {
    for (const buffer of Array.isArray(buffers) ? buffers : [buffers]) {
      body.append(name, new File([new Uint8Array(buffer)], `${name}.jpg`, { type: "image/jpeg" }));
    }
  }
  const response = await fetch(new URL(path, base), {
    method: "POST",
    body,
    redirect: "manual",
    headers: cookies[role] ? { Cookie: cookies[role] } : {},
  });
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  };
}

/** The page data URL of a page URL (its query kept). */
export function dataPath(path: string): string {
  const [pathname, query] = path.split("?") as [string, string | undefined];
  const data = dataPathOf(pathname);
  return query === undefined ? data : `${data}?${query}`;
}

export function expectNo5xx(answer: Answer, what: string): void {
  expect(answer.status, `${what} → ${answer.status}: ${answer.body.slice(0, 300)}`).toBeLessThan(
    500,
  );
}

/** A text field's refusal: 400 with the message next to the field (in the page or its data). */
export function expectFieldMessage(
  answer: Answer,
  what: string,
  message: string = TEXT_MESSAGES.control,
): void {
  expectNo5xx(answer, what);
  expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBe(400);
  expect(answer.body, what).toContain(message);
}
