// Remembered sessions without a database: which cookies make the key, how long a
// session is remembered (never past better-auth's daily extension or its expiry), and
// that a lookup overtaken by a change is not remembered. The real notifications are
// tested in tests/integration/session-memory.test.ts.
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { authContext, dbContext, type AppServices } from "#app/services/app-context.server.ts";
import {
  SESSION_EXPIRES_IN_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
} from "#app/services/auth.server.ts";
import { shareWhileWatched } from "#app/services/cache.server.ts";
import { forgetSessions, getSessionUser } from "#app/services/session.server.ts";

const TOKEN = "carlot.session_token=abc.sig";
const DAY_MS = 24 * 60 * 60 * 1000;

type Answer = { expiresAt: Date; setCookies?: string[] };

let owner: object;
let answer: () => Promise<Answer | null>;
const getSession = vi.fn(async () => {
  const found = await answer();
  if (!found) return { response: null, headers: new Headers() };
  const headers = new Headers();
  for (const cookie of found.setCookies ?? []) headers.append("Set-Cookie", cookie);
  return {
    response: {
      session: { expiresAt: found.expiresAt },
      user: { id: "u1", name: "Uma", email: "uma@example.com", role: "buyer", verified: false },
    },
    headers,
  };
});

function context() {
  const provider = new RouterContextProvider();
  provider.set(dbContext, owner as AppServices["db"]);
  provider.set(authContext, {
    api: { getSession },
    // TOKEN's signature is not this secret's: every lookup is better-auth's.
    $context: Promise.resolve({
      secret: "another-secret",
      authCookies: {
        sessionToken: { name: "carlot.session_token" },
        dontRememberToken: { name: "carlot.dont_remember" },
        sessionData: { name: "carlot.session_data" },
      },
    }),
  } as unknown as AppServices["auth"]);
  return provider;
}

const ask = (cookie: string) =>
  getSessionUser(context(), new Request("http://localhost/", { headers: { cookie } }));

/** A session better-auth would extend `inMs` from now. */
const extendedIn = (inMs: number): Answer => ({
  expiresAt: new Date(
    Date.now() + (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000 + inMs,
  ),
});

beforeEach(() => {
  owner = {};
  shareWhileWatched(owner, { ttlMs: 60_000, maxEntries: 10 });
  answer = async () => extendedIn(DAY_MS);
  getSession.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("remembered sessions", () => {
  test("are keyed by the session cookies alone", async () => {
    await ask(`${TOKEN}; carlot.toast=1`);
    await ask(`theme=dark; ${TOKEN}`);
    expect(getSession).toHaveBeenCalledTimes(1);
    await ask(`${TOKEN}; carlot.dont_remember=x.sig`);
    expect(getSession).toHaveBeenCalledTimes(2);
    // No session cookie at all: nothing to remember, better-auth decides each time.
    await ask("carlot.toast=1");
    await ask("carlot.toast=1");
    expect(getSession).toHaveBeenCalledTimes(4);
  });

  test("last the sharing time, but never past the daily extension or the expiry", async () => {
    vi.useFakeTimers();
    await ask(TOKEN);
    vi.advanceTimersByTime(59_000);
    await ask(TOKEN);
    expect(getSession).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_000);
    await ask(TOKEN);
    expect(getSession).toHaveBeenCalledTimes(2);

    answer = async () => extendedIn(5_000);
    forgetSessions(owner);
    await ask(TOKEN);
    vi.advanceTimersByTime(4_000);
    await ask(TOKEN);
    expect(getSession).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(2_000);
    await ask(TOKEN);
    expect(getSession).toHaveBeenCalledTimes(4);
  });

  test("are not kept when better-auth sets a cookie, or for no session", async () => {
    answer = async () => ({ ...extendedIn(-1), setCookies: ["carlot.session_token=abc.sig2"] });
    await ask(TOKEN);
    await ask(TOKEN);
    answer = async () => null;
    expect(await ask(TOKEN)).toBeNull();
    expect(await ask(TOKEN)).toBeNull();
    expect(getSession).toHaveBeenCalledTimes(4);
  });

  test("a lookup that a change overtakes is not remembered", async () => {
    let finish!: () => void;
    answer = async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return extendedIn(DAY_MS);
    };
    const first = ask(TOKEN);
    await vi.waitFor(() => expect(finish).toBeTypeOf("function"));
    forgetSessions(owner, "u1");
    finish();
    expect((await first)?.name).toBe("Uma");
    answer = async () => extendedIn(DAY_MS);
    await ask(TOKEN);
    await ask(TOKEN);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  test("are off while sharing is off", async () => {
    shareWhileWatched(owner, null);
    await ask(TOKEN);
    await ask(TOKEN);
    expect(getSession).toHaveBeenCalledTimes(2);
  });
});
