// The admin's work on accounts (spec §2, §4, DESIGN decisions 2, 10, 15): the
// searchable user lists, making and removing admins, and deleting an account with
// everything it owns. Each action writes its audit row in its own transaction.
import { and, count, eq, like, or, sql, type Placeholder, type SQL } from "drizzle-orm";

import { anyId, pickedIds } from "#app/db/any-id.ts";
import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { readCountedPage } from "#app/models/id.ts";
import { listing, sellerListingCount, user, userRoleCount, verification } from "#app/db/schema.ts";
import { USERS_PAGE_SIZE, USER_SEARCH_MAX } from "#app/models/admin-users.ts";
import { recordAudit, type AuditActor } from "#app/models/audit.server.ts";
import {
  finishListingRemoval,
  removeListingsInTx,
  type ListingRemoval,
} from "#app/models/listing-manage.server.ts";
import type { Role, SessionUser } from "#app/models/user.ts";
import { findVerifications } from "#app/models/verification.server.ts";
import type { VerificationCheck } from "./verification-note.ts";
import type { AppServices } from "#app/services/app-context.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The words of a search as a prefix query for to_tsquery: "maya thom" → "maya:* & thom:*". */
export function searchQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 6);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(" & ") : null;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Who a search finds: every word of it starts a word of the name or the email
 * (user_search_idx, a GIN full-text index), or the whole of it starts the email
 * (user_email_prefix_idx). Both work on PGlite and PostgreSQL 15 without extensions.
 */
function matching(q: string): SQL | undefined {
  const text = q.trim().slice(0, USER_SEARCH_MAX);
  if (text === "") return undefined;
  const words = searchQuery(text);
  const emailPrefix = like(sql`lower(${user.email})`, `${escapeLike(text.toLowerCase())}%`);
  if (!words) return emailPrefix;
  return or(sql`${user.searchVector} @@ to_tsquery('simple', ${words})`, emailPrefix);
}

export type AdminUserRow = Omit<SessionUser, "emailVerified" | "language"> & {
  createdAt: string;
  listings: number;
  verification: {
    checks: VerificationCheck[];
    verifiedAt: string;
    withdrawnAt: string | null;
    withdrawalReason: string | null;
  } | null;
};

/** How many accounts one role (or all of them) has, from user_role_count. */
export async function countUsers(db: Db, role: Role | null): Promise<number> {
  const [row] = await (role ? listed.ofRole : listed.everyone)(db).count.execute({ role });
  return row?.n ?? 0;
}

// "nulls last" as in user_role_created_idx and user_created_idx, so the page is read from
// the index instead of sorting every matching account.
const newestFirst = () => [sql`${user.createdAt} desc nulls last`, sql`${user.id} desc nulls last`];

/** What a list shows of an account. */
const rowColumns = () => ({
  id: user.id,
  name: user.name,
  email: user.email,
  image: user.image,
  role: user.role,
  verified: user.verified,
  createdAt: user.createdAt,
});

/**
 * A page of accounts without a search, newest first: its ids read in order from an index
 * up to the page, then only their rows, each carrying `total` (readCountedPage).
 */
function userPage(db: Db, where: SQL | undefined, offset: Placeholder, total: SQL<number>) {
  const pageIds = db
    .select({ id: user.id })
    .from(user)
    .where(where)
    .orderBy(...newestFirst())
    .limit(USERS_PAGE_SIZE)
    .offset(offset);
  return db
    .select({ ...rowColumns(), total })
    .from(user)
    .where(onePlan(pickedIds(user.id, pageIds)))
    .orderBy(...newestFirst());
}

/** Accounts' rows by id, newest first (written once: a searched page's rows). */
const rowsByIds = builtOnce((db) =>
  db
    .select(rowColumns())
    .from(user)
    .where(anyId(user.id, sql.placeholder("ids"), "text"))
    .orderBy(...newestFirst())
    .prepare("user_rows_by_ids"),
);

/**
 * A searched page: its ids and the count of every match in one statement (the search's
 * indexes are read once, where a count and then a page read them twice: 3 ms each for
 * "person 12" among 30,000 people), then only their rows. A page past the end counts
 * on its own and shows the last page.
 */
async function searchedPage(db: Db, where: SQL, requested: number) {
  const pageIds = (offset: number) =>
    db
      .select({ id: user.id, total: sql<number>`(count(*) over ())::int` })
      .from(user)
      .where(where)
      .orderBy(...newestFirst())
      .limit(USERS_PAGE_SIZE)
      .offset(offset);
  const found = await readCountedPage(requested, USERS_PAGE_SIZE, pageIds, async () => {
    const [row] = await db.select({ total: count() }).from(user).where(where);
    return row?.total ?? 0;
  });
  const ids = found.rows.map((row) => row.id);
  const rows = ids.length === 0 ? [] : await rowsByIds(db).execute({ ids });
  return { ...found, rows };
}

/**
 * The lists without a search, written once and planned once (one role, or everyone):
 * their plan is an index read in order up to the page, whichever role. A search is planned
 * for its words.
 */
const listedOf = (byRole: boolean) =>
  builtOnce((db) => {
    const where = byRole ? eq(user.role, sql.placeholder("role")) : undefined;
    const name = byRole ? "users_of_role" : "users";
    const counted = () =>
      db
        .select({ n: sql<number>`coalesce(sum(${userRoleCount.n}), 0)::int` })
        .from(userRoleCount)
        .where(onePlan(byRole ? eq(userRoleCount.role, sql.placeholder("role")) : sql`true`));
    return {
      count: counted().prepare(`${name}_count`),
      // The page carries the count: one statement a page, not two.
      page: userPage(db, where, sql.placeholder("offset"), sql<number>`(${counted()})`).prepare(
        `${name}_page`,
      ),
    };
  });
const listed = { ofRole: listedOf(true), everyone: listedOf(false) };

/** Sellers' car counts by id (written once). */
const carCounts = builtOnce((db) =>
  db
    .select({ sellerId: sellerListingCount.sellerId, n: sellerListingCount.total })
    .from(sellerListingCount)
    .where(anyId(sellerListingCount.sellerId, sql.placeholder("ids"), "text"))
    .prepare("seller_car_counts"),
);

/**
 * One page of accounts, newest first: everyone or one role, optionally searched.
 * Without a search the total comes from user_role_count (kept by triggers) and the
 * page's ids from an index-only scan of user_role_created_idx / user_created_idx
 * (page 200 of the buyers skips 5,000 index entries, not 5,000 rows); a search counts
 * its matches through the search indexes. Only the page's rows are then read, with
 * their car counts and verification details.
 */
export async function findUsers(db: Db, options: { role: Role | null; q: string; page: number }) {
  const search = matching(options.q);
  const { rows, total, page, pageCount } = search
    ? await searchedPage(
        db,
        and(options.role ? eq(user.role, options.role) : undefined, search)!,
        options.page,
      )
    : await readCountedPage(
        options.page,
        USERS_PAGE_SIZE,
        (offset) =>
          (options.role ? listed.ofRole : listed.everyone)(db).page.execute({
            role: options.role,
            offset,
          }),
        () => countUsers(db, options.role),
      );
  const sellerIds = rows.filter((row) => row.role === "seller").map((row) => row.id);
  const [cars, verifications] = await Promise.all([
    sellerIds.length === 0 ? Promise.resolve([]) : carCounts(db).execute({ ids: sellerIds }),
    findVerifications(db, sellerIds),
  ]);
  const carsOf = new Map(cars.map((row) => [row.sellerId, row.n]));
  const result: AdminUserRow[] = rows.map((row) => {
    const details = verifications.get(row.id);
    return {
      ...row,
      createdAt: row.createdAt.toISOString(),
      listings: carsOf.get(row.id) ?? 0,
      verification: details
        ? {
            checks: details.checks as VerificationCheck[],
            verifiedAt: details.verifiedAt.toISOString(),
            withdrawnAt: details.withdrawnAt?.toISOString() ?? null,
            withdrawalReason: details.withdrawalReason,
          }
        : null,
    };
  });
  return { rows: result, total, page, pageCount };
}

/** Whom an action is about: the row, locked for the rest of the transaction. */
async function lockUser(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, id))
    .for("update");
  return row ?? null;
}

/** Gives `target` the admin role or takes it away (to buyer), with its audit entry. */
async function setRole(
  tx: Tx,
  actor: AuditActor,
  target: { id: string; name: string; role: Role },
  role: "admin" | "buyer",
) {
  await tx.update(user).set({ role }).where(eq(user.id, target.id));
  await recordAudit(tx, {
    actor,
    subjectType: "user",
    subjectId: target.id,
    subjectName: target.name,
    ...(role === "admin"
      ? { action: "make_admin", details: { from: target.role } }
      : { action: "remove_admin", details: { to: "buyer" } }),
  });
  return { ok: true, name: target.name } as const;
}

export type RoleChangeResult =
  | { ok: true; name: string }
  | { ok: false; reason: "missing" | "already admin" | "not admin" | "last admin" };

/** Spec §4: an admin makes someone an admin (refused for admins). */
export async function makeAdmin(
  db: Db,
  actor: AuditActor,
  targetId: string,
): Promise<RoleChangeResult> {
  return db.transaction(async (tx) => {
    const target = await lockUser(tx, targetId);
    if (!target) return { ok: false, reason: "missing" } as const;
    if (target.role === "admin") return { ok: false, reason: "already admin" } as const;
    return setRole(tx, actor, target, "admin");
  });
}

/**
 * Takes an admin's rights away (they become a Buyer/User), never the last
 * admin's: every admin row is locked first, so two admins removing each other at
 * the same moment cannot both succeed.
 */
export async function removeAdmin(
  db: Db,
  actor: AuditActor,
  targetId: string,
): Promise<RoleChangeResult> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.role, "admin"))
      .for("update");
    const target = await lockUser(tx, targetId);
    if (!target) return { ok: false, reason: "missing" } as const;
    if (target.role !== "admin") return { ok: false, reason: "not admin" } as const;
    if (admins.length <= 1) return { ok: false, reason: "last admin" } as const;
    return setRole(tx, actor, target, "buyer");
  });
}

export type DeleteUserResult =
  { ok: true; name: string; role: Role } | { ok: false; reason: "missing" | "admin" };

/**
 * Deletes an account and everything it owns, in one transaction (DESIGN decision
 * 15, decision record 009): their cars (photos, reports, wishlist links; other
 * buyers' open requests for them are closed and those buyers emailed after the
 * commit), their own requests, reports, wishlist, sessions, sign-in methods,
 * pending password-reset links and verification details. The account row goes
 * too, so nobody can sign in as them again. Admins are never deleted.
 */
export async function deleteUser(
  services: AppServices,
  actor: AuditActor,
  targetId: string,
): Promise<DeleteUserResult> {
  const outcome = await services.db.transaction(async (tx) => {
    const target = await lockUser(tx, targetId);
    if (!target) return { ok: false, reason: "missing" } as const;
    if (target.role === "admin") return { ok: false, reason: "admin" } as const;
    const removal: ListingRemoval = await removeListingsInTx(tx, eq(listing.sellerId, target.id));
    await tx.delete(verification).where(eq(verification.value, target.id));
    // Cascades: orders, reports, wishlist, sessions, accounts, seller_verification.
    await tx.delete(user).where(eq(user.id, target.id));
    await recordAudit(tx, {
      actor,
      action: "delete_user",
      subjectType: "user",
      subjectId: target.id,
      subjectName: target.name,
      details: { email: target.email, role: target.role, listings: removal.deleted },
    });
    return { ok: true, name: target.name, role: target.role, removal } as const;
  });
  if (!outcome.ok) return outcome;
  await finishListingRemoval(services, outcome.removal);
  return { ok: true, name: outcome.name, role: outcome.role };
}
