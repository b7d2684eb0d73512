// Account records written outside the sign-up form: the create-admin command and
// the demo seed.
import { randomUUID } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { CREDENTIAL_PROVIDER, passwordAccountRow, userRow } from "#app/db/rows.ts";
import { account, user } from "#app/db/schema.ts";
import type { Language } from "#app/i18n/languages.ts";
import type { Role } from "#app/models/user.ts";
import { hashPassword } from "#app/services/auth.server.ts";

/** Creates a user who can sign in with `password`, in one transaction. */
export async function createUserWithPassword(
  db: Db,
  input: {
    name: string;
    email: string;
    password: string;
    role: Role;
    image?: string | null;
    verified?: boolean;
  },
): Promise<string> {
  const { password, image = null, verified = false, ...person } = input;
  const id = randomUUID();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const email = person.email.trim().toLowerCase();
    await tx
      .insert(user)
      .values(userRow({ ...person, id, email, emailVerified: true, image, verified }));
    await tx.insert(account).values(passwordAccountRow(id, passwordHash));
  });
  return id;
}

/**
 * `npm run create-admin`: makes the account with this email an admin, creating it
 * (with the given password) when there is none. An existing password is kept.
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: { email: string; password: string; name: string },
): Promise<{ created: boolean; id: string; passwordSet: boolean }> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`)
    .limit(1);
  if (!existing) {
    const id = await createUserWithPassword(db, { ...input, email, role: "admin" });
    return { created: true, id, passwordSet: true };
  }
  const passwordSet = await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ role: "admin", banned: false, banReason: null, banExpires: null })
      .where(eq(user.id, existing.id));
    const [credential] = await tx
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, existing.id), eq(account.providerId, CREDENTIAL_PROVIDER)))
      .limit(1);
    if (!credential) {
      await tx
        .insert(account)
        .values(passwordAccountRow(existing.id, await hashPassword(input.password)));
      return true;
    }
    return false;
  });
  return { created: false, id: existing.id, passwordSet };
}

/** Saves the language a person chose (decision 020): their pages and mail follow it. */
export async function saveLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.update(user).set({ language }).where(eq(user.id, userId));
}
