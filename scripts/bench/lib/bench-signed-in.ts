// Signed-in pages for npm run bench (scripts/bench/bench.ts): the people, orders, saved
// cars and reports a large site has (added once to the bench database, kept with
// --data-dir), signing in through the real /login form, and each signed-in page
// requested at a fixed rate.
import { randomUUID } from "node:crypto";

import { sql } from "drizzle-orm";

import type { Database } from "#app/db/client.server.ts";
import { passwordAccountRow } from "#app/db/rows.ts";
import { account, user } from "#app/db/schema.ts";
import { REPORT_REASONS } from "#app/models/report.ts";
import { createUserWithPassword } from "#app/models/user.server.ts";
import { hashPassword } from "#app/services/auth.server.ts";

import { rawGet } from "#scripts/dev/raw-get.ts";

import { loadAtRate, verdict, type Measured } from "./bench-load.ts";
import { cpuMs } from "#scripts/dev/production-server.ts";

/** The password of the three accounts the bench signs in with. */
const PASSWORD = "bench-password-2026";
const BUYER_EMAIL = "bench.buyer@example.com";
const ADMIN_EMAIL = "bench.admin@example.com";
/** Other accounts: the admin's lists page through them, they order, save and report. */
const PEOPLE = 20_000;
/** The signed-in buyer's orders and saved cars. */
const BUYER_ORDERS = 150;
const BUYER_SAVED = 150;
/** Open orders from other people for the signed-in seller's cars (My Buyers). */
const SELLER_BUYERS = 300;
/** Cars with open reports (two each), and cars whose reports are resolved. */
const REPORTED_CARS = 2_000;
const RESOLVED_CARS = 1_000;

export type SignedInAccounts = { seller: string; buyer: string; admin: string };

const run = (database: Database, text: string) => database.db.execute(sql.raw(text));

/**
 * Adds (once) what signed-in pages show on a large site: 20,000 more people; a
 * buyer with orders (open, and closed because the car sold) and saved cars; open
 * orders for the busiest seller's cars; reports on 3,000 cars, a third of them
 * resolved; everyone's orders and saved cars. The busiest seller gets a password.
 * Everything is made by INSERT … SELECT over the listings already there and ends
 * with VACUUM ANALYZE of those tables, like the listings; it takes a few seconds. Returns the emails
 * to sign in with.
 */
export async function ensureSignedInData(
  database: Database,
): Promise<{ accounts: SignedInAccounts; seconds: number | null }> {
  const db = database.db;
  const rows = async <T>(text: string) =>
    ((await run(database, text)) as unknown as { rows: T[] }).rows;
  const [seller] = await rows<{ id: string; email: string }>(`
    select u.id, u.email from "user" u
    where u.role = 'seller' and u.email like 'bench.seller%'
    order by (select count(*) from listing l where l.seller_id = u.id) desc, u.email
    limit 1`);
  if (!seller) throw new Error("The bench database has no bench sellers.");
  const accounts = { seller: seller.email, buyer: BUYER_EMAIL, admin: ADMIN_EMAIL };
  const [done] = await rows<{ id: string }>(
    `select id from "user" where email = '${ADMIN_EMAIL}' limit 1`,
  );
  if (done) return { accounts, seconds: null };

  const started = performance.now();
  await db.insert(account).values(passwordAccountRow(seller.id, await hashPassword(PASSWORD)));
  const buyerId = await createUserWithPassword(db, {
    name: "Bench Buyer",
    email: BUYER_EMAIL,
    password: PASSWORD,
    role: "buyer",
  });
  await createUserWithPassword(db, {
    name: "Bench Admin",
    email: ADMIN_EMAIL,
    password: PASSWORD,
    role: "admin",
  });
  await db.insert(user).values(
    Array.from({ length: 5 }, (_, i) => ({
      id: randomUUID(),
      name: `Bench Admin ${i + 2}`,
      email: `bench.admin${i + 2}@example.com`,
      role: "admin" as const,
    })),
  );
  await run(
    database,
    `insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
     select gen_random_uuid()::text, 'Bench Person ' || n, 'bench.person' || n || '@example.com',
       true, 'buyer', now() - n * interval '7 minutes', now() - n * interval '7 minutes'
     from generate_series(1, ${PEOPLE}) as n`,
  );
  // Cars numbered 1…N in id order, and people numbered 1…PEOPLE, to pick from.
  const cars = `(select id, title, status, seller_id, row_number() over (order by id) as k from listing)`;
  const people = `(select id, name, row_number() over (order by email) as k from "user" where email like 'bench.person%')`;
  const [{ n: carCount } = { n: 0 }] = await rows<{ n: number }>(
    `select count(*)::int as n from listing`,
  );
  const orderValues = (buyer: string, name: string) =>
    `${buyer}, ${name}, '+1 555 0100', 'At the dealership', car.id, car.title, car.seller_id,
     case when car.status = 'sold' then 'closed' else 'open' end,
     case when car.status = 'sold' then 'sold' end`;
  const orderColumns = `"order" (buyer_id, buyer_name, buyer_phone, meeting_location, listing_id,
    listing_title, seller_id, status, closed_reason, created_at, updated_at)`;
  // The signed-in buyer's orders and saved cars, spread over the catalogue.
  await run(
    database,
    `insert into ${orderColumns}
     select ${orderValues(`'${buyerId}'`, "'Bench Buyer'")}, now() - car.k * interval '1 minute',
       now() - car.k * interval '1 minute'
     from ${cars} as car where car.k % ${Math.max(1, Math.floor(carCount / BUYER_ORDERS))} = 3
     limit ${BUYER_ORDERS}`,
  );
  await run(
    database,
    `insert into wishlist (user_id, listing_id, listing_title, created_at)
     select '${buyerId}', car.id, car.title, now() - car.k * interval '1 minute'
     from ${cars} as car where car.k % ${Math.max(1, Math.floor(carCount / BUYER_SAVED))} = 11
     limit ${BUYER_SAVED}`,
  );
  // Everyone else: one order and two saved cars each, anywhere in the catalogue.
  const anyCar = (salt: number) => `1 + abs(hashint8(p.k * 8 + ${salt})) % ${carCount}`;
  await run(
    database,
    `insert into ${orderColumns}
     select ${orderValues("p.id", "p.name")}, now() - p.k * interval '3 minutes',
       now() - p.k * interval '3 minutes'
     from ${people} as p join ${cars} as car on car.k = ${anyCar(1)}
     on conflict do nothing`,
  );
  for (const salt of [2, 3]) {
    await run(
      database,
      `insert into wishlist (user_id, listing_id, listing_title, created_at)
       select p.id, car.id, car.title, now() - p.k * interval '3 minutes'
       from ${people} as p join ${cars} as car on car.k = ${anyCar(salt)}
       on conflict do nothing`,
    );
  }
  // Open orders for the signed-in seller's available cars (My Buyers, the overview).
  await run(
    database,
    `insert into ${orderColumns}
     select p.id, p.name, '+1 555 0100', 'At the dealership', car.id, car.title, '${seller.id}',
       'open', null,
       now() - p.k * interval '2 minutes', now() - p.k * interval '2 minutes'
     from ${people} as p
     join (select id, title, row_number() over (order by id) as k from listing
           where seller_id = '${seller.id}' and status = 'available') as car on car.k = p.k
     where p.k <= ${SELLER_BUYERS}
     on conflict do nothing`,
  );
  // Reports: two reporters each on REPORTED_CARS cars, then RESOLVED_CARS more cars
  // whose reports an admin dismissed.
  const reasons = `(array[${REPORT_REASONS.map((r) => `'${r}'`).join(", ")}]::text[])`;
  const reportCars = REPORTED_CARS + RESOLVED_CARS;
  for (const reporter of [0, 1]) {
    await run(
      database,
      `insert into report (listing_id, reporter_id, reason, details, created_at, resolved_at,
         resolution, resolved_by)
       select car.id, p.id, ${reasons}[1 + (car.k + ${reporter}) % ${REPORT_REASONS.length}],
         case when car.k % 3 = 0 then 'The photos do not match the description.' end,
         now() - (car.k * 2 + ${reporter}) * interval '5 minutes',
         case when r.n > ${REPORTED_CARS} then now() end,
         case when r.n > ${REPORTED_CARS} then 'dismissed' end,
         null
       from generate_series(1, ${reportCars}) as r(n)
       join ${cars} as car on car.k = 1 + (r.n * 37) % ${carCount}
       join ${people} as p on p.k = 1 + (r.n * 2 + ${reporter}) % ${PEOPLE}
       on conflict do nothing`,
    );
  }
  await run(database, `vacuum analyze "user", account, "order", wishlist, report`);
  return { accounts, seconds: (performance.now() - started) / 1000 };
}

/** Conversations with messages (issue 27), five messages each… */
export const CONVERSATIONS = 10_000;
/** …and the signed-in buyer's latest, the one the bench opens, with this many. */
const LONG_CONVERSATION = 200;

/**
 * Adds (once) the messages of CONVERSATIONS requests, and a conversation of
 * LONG_CONVERSATION messages on one of the signed-in buyer's open requests, made the most
 * recently active so it heads the buyer's inbox. Returns the seconds it took, or null when
 * they were there.
 */
export async function ensureConversations(database: Database): Promise<number | null> {
  const rows = async <T>(text: string) =>
    ((await run(database, text)) as unknown as { rows: T[] }).rows;
  const [some] = await rows<{ id: number }>(`select id from message limit 1`);
  if (some) return null;
  const started = performance.now();
  const senders = `case when n % 2 = 0 then o.buyer_id else o.seller_id end`;
  const text = `'Message ' || n || ': is the car still available? I could come and see it on Saturday morning, and bring a mechanic if that is all right with you.'`;
  await run(
    database,
    `insert into message (order_id, sender_id, body, compose_key, created_at)
     select o.id, ${senders}, ${text}, 'bench-' || o.id || '-' || n,
       now() - (10 - n) * interval '1 hour'
     from (select id, buyer_id, seller_id from "order"
           where seller_id is not null and buyer_id <> (select id from "user" where email = '${BUYER_EMAIL}')
           order by id limit ${CONVERSATIONS}) as o,
       generate_series(1, 5) as n`,
  );
  await run(
    database,
    `insert into message (order_id, sender_id, body, compose_key, created_at)
     select o.id, ${senders}, ${text}, 'bench-long-' || n,
       now() - (${LONG_CONVERSATION} - n) * interval '3 minutes'
     from (select o.id, o.buyer_id, o.seller_id from "order" o
           join "user" u on u.id = o.buyer_id
           where u.email = '${BUYER_EMAIL}' and o.status = 'open' order by o.id limit 1) as o,
       generate_series(1, ${LONG_CONVERSATION}) as n`,
  );
  await run(
    database,
    `update "order" o set last_message_at = m.at, active_at = m.at, seller_unread = 1,
       seller_unread_since = m.at
     from (select order_id, max(created_at) as at from message group by order_id) as m
     where o.id = m.order_id`,
  );
  await run(database, `vacuum analyze message, "order"`);
  return (performance.now() - started) / 1000;
}

/** The signed-in buyer's most recently active conversation: the long one. */
async function longConversationPath(baseURL: string, cookie: string): Promise<string> {
  const inbox = await rawGet(`${baseURL}/dashboard/conversations`, { cookie });
  const path = /\/dashboard\/conversations\/\d+/.exec(inbox.body.toString())?.[0];
  if (!path) throw new Error("The bench buyer has no conversation: is the bench data old?");
  return path;
}

/**
 * Signs in through the /login form like a browser without JavaScript and returns
 * the Cookie header that carries the session.
 */
export async function signIn(baseURL: string, email: string): Promise<string> {
  const response = await fetch(`${baseURL}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseURL },
    body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "/" }),
  });
  const cookies = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .filter((pair) => pair.includes("session"));
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(`Signing in as ${email} failed: ${response.status}`);
  }
  return cookies.join("; ");
}

type Role = keyof SignedInAccounts;

/** The signed-in pages measured, by who asks for them. */
export function signedInPages(
  detailId: number,
  conversation: string,
): { role: Role; page: string; url: string }[] {
  const detail = `/dashboard/productDetails/${detailId}`;
  const pages: Record<Role, [page: string, url: string][]> = {
    seller: [
      ["home", "/"],
      ["category", "/products/sedan"],
      ["search", "/products/allProducts?make=Toyota&maxPrice=30000&fuel=Petrol"],
      ["detail", detail],
      ["overview", "/dashboard"],
      ["My Products", "/dashboard/myProducts"],
      ["My Products, page 50", "/dashboard/myProducts?page=50"],
      ["My Buyers", "/dashboard/mybuyers"],
      ["Messages", "/dashboard/conversations"],
    ],
    buyer: [
      ["home", "/"],
      ["detail", detail],
      ["My Orders", "/dashboard/myorders"],
      ["My Wishlist", "/dashboard/wishlist"],
      ["Messages", "/dashboard/conversations"],
      [`conversation, ${LONG_CONVERSATION} messages`, conversation],
    ],
    admin: [
      ["overview", "/dashboard"],
      ["All Users", "/dashboard/alluser"],
      ["All Users, search", "/dashboard/alluser?q=person+12"],
      ["All Sellers", "/dashboard/allseller"],
      ["All Buyers, page 200", "/dashboard/allbuyer?page=200"],
      ["Reported Items", "/dashboard/reportedItems"],
      ["Reported Items, page 40", "/dashboard/reportedItems?page=40"],
    ],
  };
  return (["seller", "buyer", "admin"] as const).flatMap((role) =>
    pages[role].map(([page, url]) => ({ role, page, url })),
  );
}

/**
 * Whether `--pages TEXT` keeps a page: TEXT (any case) in "role: page" or in its address;
 * every page without it.
 */
export function pageChosen(only: string | undefined, key: string, url: string): boolean {
  if (!only) return true;
  const text = only.toLowerCase();
  return key.toLowerCase().includes(text) || url.toLowerCase().includes(text);
}

export const SIGNED_IN_P99_MS = 50;

/**
 * Accept-Encoding as Chromium (and Firefox) send it: the signed-in pages and the render
 * cost are measured for what most visitors' browsers ask (Carlot answers it with zstd).
 */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/**
 * Each signed-in page at `rate` requests per second for `duration` seconds, with the
 * session cookie and Chromium's Accept-Encoding (BROWSER_ACCEPT_ENCODING). Each page is
 * first checked to answer 200 to its signed-in person. Met: p99 under the target, no
 * errors, and the rate kept (at least 90% of it answered). With the server's process
 * id, also the CPU time the server spent per request (its one thread's budget at
 * `rate` requests/s is 1000 / `rate` ms).
 */
export async function measureSignedIn(
  baseURL: string,
  accounts: SignedInAccounts,
  detailId: number,
  options: {
    rate: number;
    connections: number;
    duration: number;
    serverPid?: number;
    /** `--pages`: only the pages whose name or address holds this. */
    only?: string;
  },
) {
  const cookies = {} as Record<Role, string>;
  for (const role of ["seller", "buyer", "admin"] as const) {
    cookies[role] = await signIn(baseURL, accounts[role]);
  }
  const rows = [];
  const results: (Measured & { role: Role; page: string; met: boolean })[] = [];
  const cpu = () => (options.serverPid === undefined ? null : cpuMs(options.serverPid));
  const conversation = await longConversationPath(baseURL, cookies.buyer);
  for (const { role, page, url } of signedInPages(detailId, conversation)) {
    if (!pageChosen(options.only, `${role}: ${page}`, url)) continue;
    const headers = { cookie: cookies[role], "accept-encoding": BROWSER_ACCEPT_ENCODING };
    const first = await rawGet(`${baseURL}${url}`, headers);
    if (first.status !== 200) {
      throw new Error(`${url} answered ${first.status} to the signed-in ${role}`);
    }
    let cpuBefore: number | null = null;
    const result = await loadAtRate(`${baseURL}${url}`, headers, options, () => {
      cpuBefore = cpu();
    });
    const cpuAfter = cpu();
    const kept = result.rps >= 0.9 * options.rate;
    const met = result.p99 < SIGNED_IN_P99_MS && result.errors === 0 && kept;
    results.push({ ...result, role, page, met });
    rows.push({
      "signed in as": role,
      page,
      url,
      "req/s": result.rps,
      ...(cpuBefore !== null && cpuAfter !== null
        ? {
            "CPU ms/req": Number(
              ((cpuAfter - cpuBefore) / Math.max(1, result.requests)).toFixed(1),
            ),
          }
        : {}),
      "p50 ms": result.p50,
      "p99 ms": result.p99,
      errors: result.errors,
      [`p99 < ${SIGNED_IN_P99_MS} ms`]: verdict(result.p99 < SIGNED_IN_P99_MS),
      "0 errors": verdict(result.errors === 0),
      "rate kept": verdict(kept),
    });
  }
  return { rows, results };
}
