// Remembered sessions (app/services/session.server.ts): while the change feed is up, a
// session checked once is not looked up again for the requests that follow, and it is
// forgotten as soon as it ends or its person changes, whoever made the change. On
// PGlite the next request already knows; on PostgreSQL the notification reaches the
// process within 1 s (polled), as it would reach any other process.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { session, user } from "#app/db/schema.ts";
import type * as SessionReads from "#app/models/session-user.server.ts";
import { sessionByToken } from "#app/models/session-user.server.ts";
import type { SessionUser } from "#app/models/user.ts";
import * as logout from "#app/routes/auth/logout/route.tsx";
import * as users from "#app/routes/dashboard/admin/users/route.tsx";
import {
  SESSION_EXPIRES_IN_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
} from "#app/services/auth.server.ts";
import { getSessionUser } from "#app/services/session.server.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";
import { createChangeFeed, type ChangeFeed } from "#server/change-feed.ts";

import { callAction, responseOf } from "./helpers.ts";
import { logIn, person, post, type Person } from "./moderation-helpers.ts";
import { ON_POSTGRES, sleep, VISIBLE_WITHIN_MS } from "./page-cache-helpers.ts";

// The one-statement read of a session (better-auth is asked only when it has something to add).
vi.mock("#app/models/session-user.server.ts", async (importOriginal) => {
  const real = await importOriginal<typeof SessionReads>();
  return { ...real, sessionByToken: vi.fn(real.sessionByToken) };
});
const quickReads = vi.mocked(sessionByToken);

let t: TestEnv;
let feed: ChangeFeed;
let stopWatching: () => Promise<void>;
let lookups: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  t = await createTestDatabase();
  feed = createChangeFeed({
    owner: t.db,
    pages: { flush: () => undefined, setEnabled: () => undefined },
    sharing: { ttlMs: 60_000, maxEntries: 100 },
  });
  stopWatching = await t.watchPages(feed.onChange);
  feed.onChange({ table: null, connected: true });
  lookups = vi.spyOn(t.services.auth.api, "getSession");
});
afterAll(async () => {
  await stopWatching?.();
  await t?.close();
});
beforeEach(() => {
  feed.onChange({ table: null, connected: true });
  lookups.mockClear();
  quickReads.mockClear();
});

/** How often the database was asked for a session: by better-auth or in one statement. */
const lookedUp = () => lookups.mock.calls.length + quickReads.mock.calls.length;

const whoIs = (cookie: string) =>
  getSessionUser(t.context(), new Request("http://localhost:3000/", { headers: { cookie } }));

/** Asks until `expected(user)` holds: at once on PGlite, within 1 s on PostgreSQL. */
async function expectSoon(
  cookie: string,
  expected: (user: SessionUser | null) => boolean,
  what: string,
) {
  const started = performance.now();
  for (;;) {
    const seen = await whoIs(cookie);
    if (expected(seen)) return;
    if (!ON_POSTGRES || performance.now() - started > VISIBLE_WITHIN_MS) {
      throw new Error(`${what}: still ${JSON.stringify(seen)}`);
    }
    await sleep(25);
  }
}

describe("a checked session is remembered", () => {
  test("for the requests that follow, by the exact session cookie", async () => {
    const buyer = await person(t, "buyer", "Rita Remembered");
    expect((await whoIs(buyer.cookie))?.name).toBe("Rita Remembered");
    expect((await whoIs(buyer.cookie))?.name).toBe("Rita Remembered");
    expect((await whoIs(`other=1; ${buyer.cookie}`))?.name).toBe("Rita Remembered");
    expect(lookedUp()).toBe(1);
    // A changed session cookie is another key: checked by better-auth, refused.
    const forged = buyer.cookie.replace(/(session_token=[^;]*)/, "$1x");
    expect(forged).not.toBe(buyer.cookie);
    expect(await whoIs(forged)).toBeNull();
    expect(lookedUp()).toBe(2);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  test("not while the change feed is down, nor once it is back until checked again", async () => {
    const buyer = await person(t, "buyer");
    await whoIs(buyer.cookie);
    feed.onChange({ table: null, connected: false });
    await whoIs(buyer.cookie);
    await whoIs(buyer.cookie);
    expect(lookedUp()).toBe(3);
    feed.onChange({ table: null, connected: true });
    await whoIs(buyer.cookie);
    await whoIs(buyer.cookie);
    expect(lookedUp()).toBe(4);
  });
});

describe("a remembered session is forgotten", () => {
  test("when its person signs out", async () => {
    const buyer = await person(t, "buyer");
    expect(await whoIs(buyer.cookie)).not.toBeNull();
    const response = await responseOf(() =>
      callAction(logout.action, {
        path: "/logout",
        form: {},
        cookie: buyer.cookie,
        context: t.context(),
      }),
    );
    expect(response.status).toBe(302);
    await expectSoon(buyer.cookie, (seen) => seen === null, "signed out");
  });

  test("when its person is banned, renamed or loses admin rights, and when they are deleted", async () => {
    const admin = await person(t, "admin", "Ada Admin");
    const other = await person(t, "admin", "Otto Admin");
    const buyer = await person(t, "buyer", "Bea Banned");
    for (const each of [admin, other, buyer]) await whoIs(each.cookie);

    await t.db.update(user).set({ name: "Otto Renamed" }).where(eq(user.id, other.id));
    await expectSoon(other.cookie, (seen) => seen?.name === "Otto Renamed", "renamed");

    const down = await post(t, users.action, {
      path: "/dashboard/alluser",
      form: { intent: "removeAdmin", id: other.id },
      who: admin,
    });
    expect(down.status).toBe(302);
    await expectSoon(other.cookie, (seen) => seen?.role === "buyer", "no longer an admin");

    await t.db.update(user).set({ banned: true }).where(eq(user.id, buyer.id));
    await expectSoon(buyer.cookie, (seen) => seen === null, "banned");

    const gone = await post(t, users.action, {
      path: "/dashboard/alluser",
      form: { intent: "delete", id: other.id },
      who: admin,
    });
    expect(gone.status).toBe(302);
    await expectSoon(other.cookie, (seen) => seen === null, "deleted");
  });

  test("when the session itself ends elsewhere, and only that person's", async () => {
    const first = await person(t, "buyer");
    const second = await person(t, "buyer");
    const again: Person = { ...first, cookie: await logIn(t, first.email) };
    for (const each of [first, second, again]) await whoIs(each.cookie);
    // Revoked sessions (a password reset does this) end every one of that person's.
    await t.db.delete(session).where(eq(session.userId, first.id));
    await expectSoon(first.cookie, (seen) => seen === null, "revoked");
    await expectSoon(again.cookie, (seen) => seen === null, "revoked too");
    lookups.mockClear();
    quickReads.mockClear();
    expect(await whoIs(second.cookie)).not.toBeNull();
    expect(lookedUp()).toBe(0);
  });
});

describe("a session better-auth has nothing to add to is read in one statement", () => {
  // Sessions not remembered (the page cache off): every request reads its session.
  beforeEach(() => feed.onChange({ table: null, connected: false }));

  const sessionOf = async (id: string) =>
    (await t.db.select().from(session).where(eq(session.userId, id)))[0]!;

  test("a current session: its person, without better-auth, each time", async () => {
    const buyer = await person(t, "buyer", "Quinn Quick");
    expect((await whoIs(buyer.cookie))?.name).toBe("Quinn Quick");
    expect((await whoIs(`theme=dark; ${buyer.cookie}`))?.name).toBe("Quinn Quick");
    expect(quickReads).toHaveBeenCalledTimes(2);
    expect(lookups).not.toHaveBeenCalled();
  });

  test("a session due to be extended is better-auth's, which extends it", async () => {
    const buyer = await person(t, "buyer");
    const dueSince = new Date(
      Date.now() - 60_000 + (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000,
    );
    await t.db.update(session).set({ expiresAt: dueSince }).where(eq(session.userId, buyer.id));
    expect(await whoIs(buyer.cookie)).not.toBeNull();
    expect(lookups).toHaveBeenCalledTimes(1);
    expect((await sessionOf(buyer.id)).expiresAt.getTime()).toBeGreaterThan(
      Date.now() + (SESSION_EXPIRES_IN_SECONDS - 60) * 1000,
    );
  });

  test("an ended session is better-auth's, which deletes it", async () => {
    const buyer = await person(t, "buyer");
    const ended = new Date(Date.now() - 1000);
    await t.db.update(session).set({ expiresAt: ended }).where(eq(session.userId, buyer.id));
    expect(await whoIs(buyer.cookie)).toBeNull();
    expect(lookups).toHaveBeenCalledTimes(1);
    expect(await t.db.select().from(session).where(eq(session.userId, buyer.id))).toEqual([]);
  });

  test("a banned person's session finds no one", async () => {
    const buyer = await person(t, "buyer");
    await t.db.update(user).set({ banned: true }).where(eq(user.id, buyer.id));
    expect(await whoIs(buyer.cookie)).toBeNull();
  });

  test("a forged or re-signed token, and a 'don't remember me' cookie, go to better-auth", async () => {
    const buyer = await person(t, "buyer");
    const { token } = await sessionOf(buyer.id);
    // The right token with a signature of another secret.
    const { createHmac } = await import("node:crypto");
    const wrong = createHmac("sha256", "not-the-secret").update(token).digest("base64");
    const resigned = `carlot.session_token=${encodeURIComponent(`${token}.${wrong}`)}`;
    expect(await whoIs(resigned)).toBeNull();
    // The bare token, unsigned.
    expect(await whoIs(`carlot.session_token=${token}`)).toBeNull();
    // A signature of 44 characters that are not all one byte each.
    const wide = encodeURIComponent(`${token}.${"é".repeat(43)}=`);
    expect(await whoIs(`carlot.session_token=${wide}`)).toBeNull();
    expect(quickReads).not.toHaveBeenCalled();
    expect(lookups).toHaveBeenCalledTimes(3);
    expect(await whoIs(`${buyer.cookie}; carlot.dont_remember=x`)).not.toBeNull();
    expect(lookups).toHaveBeenCalledTimes(4);
  });
});
