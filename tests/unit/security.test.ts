// The request gate, the host list and the cross-site write check, on a small
// Express app with only these middlewares, driven by raw HTTP requests.
import http from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { allowedHosts, requestGate, sameOriginWrites, securityHeaders } from "#server/security.ts";

describe("allowedHosts", () => {
  test("with PUBLIC_URL: its host and the loopback names", () => {
    const hosts = allowedHosts({
      publicUrl: "https://cars.example.com",
      host: "0.0.0.0",
      port: 3000,
    });
    expect([...hosts].sort()).toEqual(
      ["cars.example.com", "127.0.0.1:3000", "[::1]:3000", "localhost:3000"].sort(),
    );
  });

  test("without PUBLIC_URL, bound to every interface: the machine's own addresses", () => {
    const hosts = allowedHosts({
      host: "0.0.0.0",
      port: 8080,
      interfaceAddresses: ["10.1.2.3", "fe80::1"],
    });
    expect(hosts.has("10.1.2.3:8080")).toBe(true);
    expect(hosts.has("[fe80::1]:8080")).toBe(true);
    expect(hosts.has("localhost:8080")).toBe(true);
    expect(hosts.has("evil.example:8080")).toBe(false);
  });

  test("on port 80 a Host without a port is the same host", () => {
    const hosts = allowedHosts({ host: "127.0.0.1", port: 80 });
    expect(hosts.has("localhost")).toBe(true);
    expect(hosts.has("localhost:80")).toBe(true);
  });
});

let base: { port: number; close: () => void };

beforeAll(async () => {
  const hosts = allowedHosts({ publicUrl: "http://carlot.test:3000", host: "0.0.0.0", port: 3000 });
  const app = express();
  app.use(securityHeaders({ dev: false }));
  app.use(requestGate({ hosts, enforceHosts: true }));
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.use(sameOriginWrites({ hosts }));
  app.all("/{*splat}", (_req, res) => {
    res.type("text/plain").send("reached");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = { port: (server.address() as AddressInfo).port, close: () => server.close() };
});
afterAll(() => base.close());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A raw request: any method, any Host (or none). */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: base.port, method, path, headers, setHost: false },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const host = { Host: "carlot.test:3000" };

test("a known host reaches the app", async () => {
  expect((await send("GET", "/", host)).body).toBe("reached");
});

test.each(["TRACE", "PROPFIND", "OPTIONS", "PUT", "PATCH", "DELETE", "MKCOL"])(
  "%s answers 405 with Allow, with the security headers",
  async (method) => {
    const answer = await send(method, "/login", host);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, POST");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.body).toBe("This address does not accept that kind of request.");
  },
);

test("a missing or empty Host answers 400", async () => {
  expect((await send("GET", "/", {})).status).toBe(400);
  expect((await send("GET", "/", { Host: "" })).status).toBe(400);
});

test("a Host this server does not answer to is refused (DNS rebinding)", async () => {
  const answer = await send(
    "POST",
    "/login",
    {
      Host: "evil.example:3000",
      Origin: "http://evil.example:3000",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    "email=a%40b.c&password=x",
  );
  expect(answer.status).toBe(400);
  expect(answer.body).toBe("This server does not answer for that host name.");
});

test("health probes answer whatever the Host, with the security headers", async () => {
  const answer = await send("GET", "/healthz", { Host: "10.0.0.7:3000" });
  expect(answer.status).toBe(200);
  expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
});

describe("writes from other sites", () => {
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  test("our own origin, or no Origin at all, is accepted", async () => {
    expect(
      (await send("POST", "/login", { ...host, ...form, Origin: "http://carlot.test:3000" })).body,
    ).toBe("reached");
    expect((await send("POST", "/login", { ...host, ...form })).body).toBe("reached");
  });

  test.each([
    ["another site", { Origin: "http://evil.example" }],
    [
      "an Origin that names our Host header's twin on another scheme",
      { Origin: "ftp://carlot.test:3000" },
    ],
    ["an opaque origin", { Origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    [
      "Sec-Fetch-Site: cross-site with our Origin",
      { Origin: "http://carlot.test:3000", "Sec-Fetch-Site": "cross-site" },
    ],
  ])("%s is refused", async (_name, extra) => {
    const answer = await send("POST", "/login", { ...host, ...form, ...extra });
    expect(answer.status).toBe(403);
  });

  test("reads from other sites are not affected", async () => {
    expect((await send("GET", "/", { ...host, "Sec-Fetch-Site": "cross-site" })).status).toBe(200);
  });
});
