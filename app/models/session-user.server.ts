// A session's person, read in one statement: the quick path of services/session.server.ts
// for a session that asks nothing of better-auth (signed, current, not yet due to be
// extended). Built once and planned once: every signed-in page runs it when sessions
// are not remembered (the page cache off, or its change feed down).
import { eq, sql } from "drizzle-orm";

import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { session, user } from "#app/db/schema.ts";

const sessionWithUser = builtOnce((db) =>
  db
    .select({
      expiresAt: session.expiresAt,
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      role: user.role,
      verified: user.verified,
      banned: user.banned,
      language: user.language,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(onePlan(eq(session.token, sql.placeholder("token"))))
    .prepare("session_user"),
);

export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionWithUser>["execute"]>>[number];

/** The session whose token is `token`, with its person; null when there is none. */
export async function sessionByToken(db: Db, token: string): Promise<SessionRow | null> {
  const [row] = await sessionWithUser(db).execute({ token });
  return row ?? null;
}
