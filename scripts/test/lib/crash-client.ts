// The crash test's clients: people who register through the real form and send
// writes until the server acknowledges them, across kills, counting what happened.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

import sharp from "sharp";

import type { ServerUnderTest } from "./crash-server.ts";

/** An HTTP answer; `complete` is false when the body was cut off by a kill. */
export type Answer = { status: number; location: string; body: string; complete: boolean };
export type Verdict = "acknowledged" | "applied before" | "unexpected";
export type WriteKind =
  | "publish"
  | "order"
  | "cancel"
  | "verify"
  | "language"
  | "settings"
  | "category"
  | "search"
  | "message"
  | "viewing";

export type Stats = {
  acknowledged: Record<WriteKind, number>;
  /** Writes whose retry found them already applied (the answer was lost in a crash). */
  appliedUnacknowledged: Record<WriteKind, number>;
  retries: number;
  unexpected: string[];
  /** Milliseconds per answered request, by what it was. */
  latency: Record<WriteKind | "page", number[]>;
};

/** Nothing counted yet. */
export function newStats(): Stats {
  return {
    acknowledged: {
      publish: 0,
      order: 0,
      cancel: 0,
      verify: 0,
      language: 0,
      settings: 0,
      category: 0,
      search: 0,
      message: 0,
      viewing: 0,
    },
    appliedUnacknowledged: {
      publish: 0,
      order: 0,
      cancel: 0,
      verify: 0,
      language: 0,
      settings: 0,
      category: 0,
      search: 0,
      message: 0,
      viewing: 0,
    },
    retries: 0,
    unexpected: [],
    latency: {
      publish: [],
      order: [],
      cancel: [],
      verify: [],
      language: [],
      settings: [],
      category: [],
      search: [],
      message: [],
      viewing: [],
      page: [],
    },
  };
}

export class Client {
  private readonly server: ServerUnderTest;
  private readonly cookie: string;
  private readonly stats: Stats;

  constructor(server: ServerUnderTest, cookie: string, stats: Stats) {
    this.server = server;
    this.cookie = cookie;
    this.stats = stats;
  }

  /** One HTTP exchange; null when the connection died (the server was killed). */
  private async exchange(pathname: string, init: RequestInit = {}): Promise<Answer | null> {
    let response: Response;
    try {
      response = await fetch(`${this.server.url}${pathname}`, {
        ...init,
        redirect: "manual",
        headers: { ...(init.headers as Record<string, string>), Cookie: this.cookie },
        signal: AbortSignal.timeout(60_000),
      });
    } catch {
      return null;
    }
    // The status line is the server's answer; the rest of the body may be cut off.
    let body = "";
    let complete = true;
    try {
      body = await response.text();
    } catch {
      complete = false;
    }
    return {
      status: response.status,
      location: response.headers.get("location") ?? "",
      body,
      complete,
    };
  }

  /** A page, retried across restarts until it answers 200. */
  async page(pathname: string): Promise<string> {
    for (let attempt = 0; attempt < 200; attempt++) {
      await this.server.whenUp();
      const sent = performance.now();
      const answer = await this.exchange(pathname);
      if (answer?.status === 200 && answer.complete) {
        this.stats.latency.page.push(performance.now() - sent);
        return answer.body;
      }
      if (answer?.complete) this.stats.unexpected.push(`GET ${pathname} answered ${answer.status}`);
      await sleep(50);
    }
    throw new Error(`GET ${pathname} never answered 200`);
  }

  /**
   * Sends a write until the server acknowledges it (its success redirect), or a
   * retry shows the earlier attempt was applied before its answer was lost.
   */
  async write(
    kind: WriteKind,
    pathname: string,
    body: (() => BodyInit) | null,
    judge: (answer: Answer, retried: boolean) => Verdict,
  ): Promise<"acknowledged" | "applied before"> {
    let retried = false;
    for (let attempt = 0; attempt < 200; attempt++) {
      await this.server.whenUp();
      const sent = performance.now();
      // A GET write is a link that changes something (the email confirmation).
      const answer = await this.exchange(
        pathname,
        body ? { method: "POST", body: body() } : { method: "GET" },
      );
      if (answer?.complete) this.stats.latency[kind].push(performance.now() - sent);
      if (!answer) {
        // No answer: the server died under the request. Try again once it is back.
        this.stats.retries++;
        retried = true;
        await sleep(20);
        continue;
      }
      const verdict = judge(answer, retried);
      if (verdict !== "acknowledged" && !answer.complete) {
        // A refusal cut off mid-body: read it again after the restart.
        this.stats.retries++;
        retried = true;
        continue;
      }
      if (verdict === "acknowledged") {
        this.stats.acknowledged[kind]++;
        return verdict;
      }
      if (verdict === "applied before") {
        this.stats.appliedUnacknowledged[kind]++;
        return verdict;
      }
      this.stats.unexpected.push(
        `${kind} ${pathname} answered ${answer.status} ${answer.location} ${answer.body.slice(0, 200)}`,
      );
      if (this.stats.unexpected.length > 20) throw new Error(this.stats.unexpected.join("\n"));
      retried = true;
      await sleep(100);
    }
    throw new Error(`${kind} ${pathname} was never acknowledged`);
  }
}

export const redirectTo = (answer: Answer, pathname: string) =>
  answer.status >= 300 &&
  answer.status < 400 &&
  new URL(answer.location, "http://x").pathname === pathname;

/** The table row (of a dashboard list) that mentions `text`. */
export function rowWith(html: string, text: string): string | null {
  for (const row of html.split(/<tr[\s>]/).slice(1)) {
    const end = row.indexOf("</tr>");
    const cells = end === -1 ? row : row.slice(0, end);
    if (cells.includes(text)) return cells;
  }
  return null;
}

/** A small photo-like JPEG, different for each n. */
export async function photo(n: number): Promise<Buffer> {
  const width = 400;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  let state = (n * 2654435761 + 7) >>> 0 || 1;
  for (let i = 0; i < pixels.length; i += 3) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    const noise = (state & 0x3f) - 32;
    pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + noise));
    pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + noise));
    pixels[i + 2] = Math.max(0, Math.min(255, (n * 37) % 256));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The session cookie of a redirect that signed someone in (not the toast's). */
function sessionCookie(response: Response, who: string): string {
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !/toast/i.test(pair.split("=")[0]!))
    .join("; ");
  if (!cookie) throw new Error(`Signing in ${who} set no session cookie`);
  return cookie;
}

/** Logs an existing account in through the real form and returns its session cookie. */
export async function logIn(server: ServerUnderTest, email: string, password: string) {
  const response = await fetch(`${server.url}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const text = await response.text();
  if (response.status !== 302) {
    throw new Error(`Logging in ${email} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return sessionCookie(response, email);
}

/** Registers an account through the real form and returns its session cookie. */
export async function register(
  server: ServerUnderTest,
  email: string,
  accountType: "seller" | "buyer",
  picture: Buffer,
): Promise<string> {
  const form = new FormData();
  form.append("name", accountType === "seller" ? "Crash Seller" : "Crash Buyer");
  form.append("email", email);
  form.append("password", "crash-test-password-1");
  form.append("accountType", accountType);
  form.append("image", new File([new Uint8Array(picture)], "me.jpg", { type: "image/jpeg" }));
  const response = await fetch(`${server.url}/register`, {
    method: "POST",
    body: form,
    redirect: "manual",
  });
  const text = await response.text();
  if (response.status !== 302 && response.status !== 303) {
    throw new Error(`Registering ${email} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return sessionCookie(response, email);
}
