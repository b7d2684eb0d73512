// The adversarial suite: every route in app/routes.ts (and its .data URL), as a
// visitor and signed in as each role, gets malformed bodies, methods we do not
// serve, odd Host values, oversized fields, invalid ids and off-site redirect
// shapes. Nothing may answer 5xx, redirect off our origin, or log an error. New
// routes are picked up by themselves.
import fs from "node:fs";
import http from "node:http";

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inject } from "vitest";

import { dataPathOf } from "#app/framework/data-url.ts";
import routes from "#app/routes.ts";

import { baseURL } from "./browser.ts";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
type Role = "visitor" | "buyer" | "seller" | "admin";

const base = new URL(baseURL());
const ROLES: Role[] = ["visitor", "buyer", "seller", "admin"];
const ACCOUNTS: Record<Exclude<Role, "visitor">, string> = {
  buyer: "liam.carter@example.com",
  seller: "maya.thompson@example.com",
  admin: "admin@example.com",
};
const cookies: Record<Role, string> = { visitor: "", buyer: "", seller: "", admin: "" };

/** Off-site shapes that once resolved to //evil.example. */
const REDIRECT_SHAPES = [
  "//evil.example/x",
  "/..//evil.example/x",
  "/x/..//evil.example/x",
  "/%2e%2e//evil.example/x",
  "/\\evil.example",
  "https://evil.example/",
  "/\t/evil.example",
];
const INVALID_IDS = ["1e99", "-1", "0x10", "99999999999999999999", "%00", "abc", "1.5", "%20"];
const MALFORMED: { name: string; type?: string; body: string }[] = [
  { name: "no Content-Type", body: "a=b" },
  { name: "text/plain", type: "text/plain", body: "hello" },
  { name: "application/json", type: "application/json", body: '{"email":"a@b.c"}' },
  { name: "multipart without boundary", type: "multipart/form-data", body: "x" },
  {
    name: "multipart with a bad boundary",
    type: "multipart/form-data; boundary=abc",
    body: "--xyz\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--xyz--",
  },
  {
    name: "truncated multipart",
    type: "multipart/form-data; boundary=abc",
    body: "--abc\r\nContent-Disp",
  },
];
const UNSERVED_METHODS = ["PUT", "PATCH", "DELETE", "TRACE", "PROPFIND", "OPTIONS"];

/**
 * One raw request: any method, any Host, any body. `declaredLength` announces a
 * longer body than is sent (the server must refuse it from the header alone).
 */
function send(
  method: string,
  path: string,
  options: {
    headers?: Record<string, string>;
    body?: string | Buffer;
    role?: Role;
    declaredLength?: number;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Host: base.host, ...options.headers };
  // Without a length Node's client would send some methods' empty bodies chunked.
  if (options.body === undefined && method !== "GET") headers["Content-Length"] = "0";
  if (options.declaredLength !== undefined) {
    headers["Content-Length"] = String(options.declaredLength);
  }
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
        response.on("end", () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          });
          request.destroy();
        });
      },
    );
    request.on("error", reject);
    if (options.declaredLength !== undefined) request.write(options.body ?? "");
    else request.end(options.body);
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** Where a redirect may lead: our origin, and the sign-in provider for "Continue With Google". */
const ALLOWED_ORIGINS = [base.origin, new URL(inject("oidcIssuer")).origin];

/** Fails on a 5xx, and on any redirect (Location or single-fetch redirect) off our origin. */
function expectSafe(answer: Answer, what: string): void {
  expect(answer.status, `${what} → ${answer.status}: ${answer.body.slice(0, 300)}`).toBeLessThan(
    500,
  );
  const location = answer.headers.location;
  if (location) {
    expect(ALLOWED_ORIGINS, `${what} redirected to ${location}`).toContain(
      new URL(location, base).origin,
    );
    expect(location.startsWith("//"), `${what} redirected to ${location}`).toBe(false);
  }
  for (const match of answer.body.matchAll(/"redirect","([^"]*)"/g)) {
    const target = JSON.parse(`"${match[1]}"`) as string;
    expect(new URL(target, base).origin, `${what} redirected to ${target}`).toBe(base.origin);
    expect(target.startsWith("//"), `${what} redirected to ${target}`).toBe(false);
  }
}

type Entry = { path: string; dataPath: string; key: string; hasId: boolean };
let listingId = "";

function entries(): Entry[] {
  return (routes as { path?: string; index?: boolean }[]).map((route) => {
    const key = route.index ? "" : (route.path ?? "");
    const path = `/${key
      .replace(":category", "sedan")
      .replace(":id", listingId)
      .replace("*", "no/such/page")}`;
    return {
      key,
      path,
      dataPath: dataPathOf(path),
      hasId: key.includes(":id"),
    };
  });
}

let logStart = 0;
const logFile = () => inject("serverLog");

beforeAll(async () => {
  logStart = fs.statSync(logFile()).size;
  const list = await send("GET", "/products/allProducts");
  listingId = /productDetails\/(\d+)/.exec(list.body)?.[1] ?? "";
  expect(listingId).not.toBe("");
  for (const role of ["buyer", "seller", "admin"] as const) {
    const answer = await send("POST", "/login", {
      headers: FORM,
      body: form({ email: ACCOUNTS[role], password: "carlot-demo" }),
    });
    expect(answer.status, `log in as ${role}`).toBe(302);
    cookies[role] = (answer.headers["set-cookie"] ?? [])
      .map((header) => header.split(";")[0])
      .join("; ");
  }
});

afterAll(() => {
  // Refused requests are routine (info, no stack); nothing here may log an error.
  const written = fs.readFileSync(logFile(), "utf8").slice(logStart);
  const errors = written.split("\n").filter((line) => /"level":(50|60)/.test(line));
  expect(errors, errors.join("\n").slice(0, 2000)).toEqual([]);
});

/** The sessions a route is walked with; logging out would end them, so /logout gets a visitor. */
const rolesFor = (entry: Entry): Role[] => (entry.key === "logout" ? ["visitor"] : ROLES);

describe.each(entries().map((entry) => [entry.key || "/", entry] as const))(
  "%s",
  (_name, initial) => {
    const entry = () => entries().find((candidate) => candidate.key === initial.key)!;

    test("pages and page data answer without 5xx, with valid and invalid ids", async () => {
      const { path, dataPath, hasId } = entry();
      const paths = [path, dataPath];
      if (hasId) {
        for (const id of INVALID_IDS) {
          const bad = path.replace(`/${listingId}`, `/${id}`);
          paths.push(bad, `${bad}.data`);
        }
      }
      for (const role of rolesFor(entry())) {
        const answers = await Promise.all(paths.map((p) => send("GET", p, { role })));
        answers.forEach((answer, i) => expectSafe(answer, `GET ${paths[i]} as ${role}`));
        if (hasId) {
          // Not found, or (guarded pages) the login redirect or 403; page data
          // answers redirects with 202.
          answers
            .slice(2)
            .forEach((answer, i) =>
              expect([202, 302, 403, 404], `GET ${paths[i + 2]} as ${role}`).toContain(
                answer.status,
              ),
            );
        }
      }
    });

    test("malformed bodies answer 4xx (or the login redirect), never 5xx or 200", async () => {
      const { path, dataPath } = entry();
      for (const role of rolesFor(entry())) {
        for (const target of [path, dataPath]) {
          for (const body of MALFORMED) {
            const answer = await send("POST", target, {
              role,
              headers: body.type ? { "Content-Type": body.type } : {},
              body: body.body,
            });
            const what = `POST ${target} (${body.name}) as ${role}`;
            expectSafe(answer, what);
            if (entry().key === "logout") continue;
            expect([202, 302, 303, 400, 403, 404, 405, 415], what).toContain(answer.status);
            if (answer.status === 202) expect(answer.body, what).toContain("/login?redirectTo=");
          }
        }
      }
    });

    test("methods we do not serve answer 405 with Allow", async () => {
      const { path, dataPath } = entry();
      for (const method of UNSERVED_METHODS) {
        for (const target of [path, dataPath]) {
          const answer = await send(method, target, { headers: FORM, body: "a=b" });
          expect(answer.status, `${method} ${target}`).toBe(405);
          expect(answer.headers.allow).toBe("GET, HEAD, POST");
          expect(answer.body).not.toMatch(/action|Error:|at \//);
        }
      }
    });

    test("odd Host values are refused before the router", async () => {
      const { path } = entry();
      for (const host of [
        "",
        "evil.example",
        `evil.example:${base.port}`,
        `${"a".repeat(300)}.example`,
      ]) {
        const answer = await send("GET", path, { headers: { Host: host } });
        expect(answer.status, `Host ${JSON.stringify(host)} on ${path}`).toBe(400);
      }
      const rebinding = await send("POST", path, {
        headers: {
          Host: `evil.example:${base.port}`,
          Origin: `http://evil.example:${base.port}`,
          ...FORM,
        },
        body: form({ email: ACCOUNTS.admin, password: "carlot-demo" }),
      });
      expect(rebinding.status).toBe(400);
      expect(rebinding.headers["set-cookie"]).toBeUndefined();
    });

    test("oversized fields get a clear 4xx", async () => {
      const { path } = entry();
      for (const role of rolesFor(entry())) {
        const near = await send("POST", path, {
          role,
          headers: FORM,
          body: form({ email: `${"a".repeat(60_000)}@example.com`, name: "x".repeat(2000) }),
        });
        expectSafe(near, `POST ${path} with a 60 KB field as ${role}`);
        const over = await send("POST", path, {
          role,
          headers: FORM,
          body: form({ redirectTo: "/", blob: "x".repeat(1000) }),
          declaredLength: 200 * 1024 * 1024,
        });
        expectSafe(over, `POST ${path} with a 200 MB body as ${role}`);
        if (entry().key !== "logout") expect([302, 303, 403, 405, 413]).toContain(over.status);
      }
    });

    test("redirect shapes never leave our origin", async () => {
      const { path } = entry();
      for (const role of rolesFor(entry())) {
        await Promise.all(
          REDIRECT_SHAPES.flatMap((shape) => [
            send("GET", `${path}?redirectTo=${encodeURIComponent(shape)}`, { role }).then(
              (answer) => expectSafe(answer, `GET ${path}?redirectTo=${shape} as ${role}`),
            ),
            send("POST", path, { role, headers: FORM, body: form({ redirectTo: shape }) }).then(
              (answer) => expectSafe(answer, `POST ${path} redirectTo=${shape} as ${role}`),
            ),
          ]),
        );
      }
    });
  },
);

test("signing in with an off-site redirectTo lands on our home page", async () => {
  for (const shape of REDIRECT_SHAPES) {
    const answer = await send("POST", "/login", {
      headers: FORM,
      body: form({ email: ACCOUNTS.buyer, password: "carlot-demo", redirectTo: shape }),
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.location, shape).toBe("/");
  }
});

test("logging out with a broken body still ends the session", async () => {
  for (const body of MALFORMED) {
    const login = await send("POST", "/login", {
      headers: FORM,
      body: form({ email: ACCOUNTS.buyer, password: "carlot-demo" }),
    });
    const cookie = (login.headers["set-cookie"] ?? []).map((h) => h.split(";")[0]).join("; ");
    const answer = await send("POST", "/logout", {
      headers: { Cookie: cookie, ...(body.type ? { "Content-Type": body.type } : {}) },
      body: body.body,
    });
    expect(answer.status, body.name).toBe(302);
    const after = await send("GET", "/dashboard", { headers: { Cookie: cookie } });
    expect(after.headers.location, body.name).toMatch(/^\/login\?redirectTo=/);
  }
});
