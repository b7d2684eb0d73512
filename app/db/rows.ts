// Row builders: a whole row from what its caller cares about, with the same defaults
// wherever rows are made — the demo seed, accounts made outside the sign-up form, and
// the test factories. They build values; the caller inserts them, one at a time or
// many in one statement.
import { randomUUID } from "node:crypto";

import type { account, listingPhoto, user } from "#app/db/schema.ts";

/** better-auth's provider id for an email-and-password account. */
export const CREDENTIAL_PROVIDER = "credential";

type UserRow = typeof user.$inferInsert;
type AccountRow = typeof account.$inferInsert;
type PhotoRow = typeof listingPhoto.$inferInsert;

/** A person, with a new id unless one is given. */
export function userRow(values: Omit<UserRow, "id"> & { id?: string }): UserRow & { id: string } {
  return { ...values, id: values.id ?? randomUUID() };
}

/** The email-and-password sign-in of `userId`, holding the password's hash. */
export function passwordAccountRow(userId: string, passwordHash: string): AccountRow {
  return {
    id: randomUUID(),
    accountId: userId,
    providerId: CREDENTIAL_PROVIDER,
    userId,
    password: passwordHash,
  };
}

/** One photo's stored files and size, before it belongs to a car at a position. */
export type PhotoFiles = Omit<PhotoRow, "listingId" | "position" | "id">;

/** A car's photos in the order given: the first is its cover. */
export function photoRows(listingId: number, photos: PhotoFiles[]): PhotoRow[] {
  return photos.map((photo, position) => ({ ...photo, listingId, position }));
}
