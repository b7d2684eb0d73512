// Who is asking: the session user, and the guards every protected loader and
// action calls at its top (STYLE 4: a layout never protects its children).
import { createHmac, timingSafeEqual } from "node:crypto";

import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { translatorFor } from "#app/i18n/language.server.ts";
import { isLanguage } from "#app/i18n/languages.ts";
import type { Db } from "#app/db/client.server.ts";
import { roleCan, type Permission } from "#app/models/permissions.ts";
import { sessionByToken } from "#app/models/session-user.server.ts";
import { ROLES, type Role, type SessionUser } from "#app/models/user.ts";
import { authContext, dbContext, sessionUserContext } from "#app/services/app-context.server.ts";
import {
  type Auth,
  COOKIE_PREFIX,
  SESSION_EXPIRES_IN_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
} from "#app/services/auth.server.ts";
import { sharingTtl } from "#app/services/cache.server.ts";
import { redirectWithToast, type CookieConfig } from "#app/services/toast.server.ts";

type Context = Readonly<RouterContextProvider>;

type Lookup = { user: SessionUser | null; setCookies: string[] };

// Sessions this process has checked, by the exact session cookies that were checked,
// for the signed-in pages that follow (two queries fewer each). Kept only while shared
// data is on for the database (every change reaches this process), never past the
// moment better-auth would extend the session or it expires, and forgotten when any
// session of that person changes or ends, or anything about any person changes
// (migration 0007 and 0005 notify; server/change-feed.ts calls forgetSessions).
type Remembered = { user: SessionUser; validUntil: number };
type SessionMemory = { entries: Map<string, Remembered>; generation: number };

const MAX_REMEMBERED_SESSIONS = 10_000;
const memories = new WeakMap<object, SessionMemory>();

function memoryOf(owner: object): SessionMemory {
  let memory = memories.get(owner);
  if (!memory) {
    memory = { entries: new Map(), generation: 0 };
    memories.set(owner, memory);
  }
  return memory;
}

/** Forgets `userId`'s remembered sessions, or everyone's. */
export function forgetSessions(owner: object, userId?: string): void {
  const memory = memoryOf(owner);
  // A lookup that started before this finishes after it: it must not remember.
  memory.generation++;
  if (userId === undefined) memory.entries.clear();
  else
    for (const [key, entry] of memory.entries) {
      if (entry.user.id === userId) memory.entries.delete(key);
    }
}

const SESSION_COOKIE = new RegExp(
  `^(__Secure-)?${COOKIE_PREFIX}\\.(session_token|session_data|dont_remember)=`,
);

/** The cookies better-auth reads to find a session, in a fixed order; null if none. */
function sessionCookies(header: string): string | null {
  const found = header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => SESSION_COOKIE.test(part))
    .sort();
  return found.length > 0 ? found.join("; ") : null;
}

type AuthUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  role?: string | null;
  verified?: boolean | null;
  language?: string | null;
};

function sessionUserOf(user: AuthUser): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image ?? null,
    role: ROLES.includes(user.role as Role) ? (user.role as Role) : "buyer",
    verified: Boolean(user.verified),
    emailVerified: Boolean(user.emailVerified),
    language: isLanguage(user.language) ? user.language : null,
  };
}

/** When better-auth extends a session that ends at `expiresAt` (once a day). */
const extendsAt = (expiresAt: number) =>
  expiresAt - (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000;

/** The first value of each of `names` in a Cookie header, read as better-call reads it. */
function cookieValues(header: string, names: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at === -1) continue;
    const name = part.slice(0, at).trim();
    if (!names.includes(name) || found.has(name)) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    found.set(name, value);
  }
  return found;
}

/**
 * The session's person without better-auth's endpoint (two statements, its signed-cookie
 * check through WebCrypto; 0.6 ms of a signed-in page): only when better-auth would
 * answer with the same person and set no cookie. The one session cookie, signed with
 * better-auth's secret; its session current and not due to be extended; no "don't
 * remember me" or cached-session cookie. Anything else (a bad signature, an unknown or
 * ended session, a refresh) is `undefined`: better-auth answers it, cookies and all.
 */
async function quickLookUp(
  auth: Auth,
  db: Db,
  header: string,
): Promise<{ user: SessionUser | null; expiresAt: number } | undefined> {
  const { secret, authCookies } = await auth.$context;
  const tokenName = authCookies.sessionToken.name;
  const values = cookieValues(header, [
    tokenName,
    authCookies.dontRememberToken.name,
    authCookies.sessionData.name,
  ]);
  let signed = values.get(tokenName);
  if (values.size !== 1 || !signed) return undefined;
  try {
    // better-auth writes it URI-encoded (its signature's "+", "/" and "=").
    if (signed.includes("%")) signed = decodeURIComponent(signed);
  } catch {
    return undefined;
  }
  const dot = signed.lastIndexOf(".");
  const token = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (dot < 1 || signature.length !== 44) return undefined;
  const given = Buffer.from(signature);
  const wanted = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  // Compared only at the same length in bytes (44 characters may be more, and would throw).
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return undefined;
  const row = await sessionByToken(db, token);
  if (!row) return undefined;
  const expiresAt = row.expiresAt.getTime();
  const now = Date.now();
  if (expiresAt <= now || extendsAt(expiresAt) <= now) return undefined;
  // A banned account's sessions stop working at once, however the ban was set.
  return { user: row.banned ? null : sessionUserOf(row), expiresAt };
}

async function lookUp(context: Context, request: Request): Promise<Lookup> {
  const auth = context.get(authContext);
  const cookie = request.headers.get("cookie");
  if (!cookie) return { user: null, setCookies: [] };
  const owner = context.get(dbContext);
  const ttl = sharingTtl(owner);
  const key = ttl === null ? null : sessionCookies(cookie);
  const memory = memoryOf(owner);
  const now = Date.now();
  if (key !== null) {
    const remembered = memory.entries.get(key);
    if (remembered && remembered.validUntil > now) return { user: remembered.user, setCookies: [] };
    if (remembered) memory.entries.delete(key);
  }
  const generation = memory.generation;
  const remember = (user: SessionUser, expiresAt: number) => {
    if (key === null || ttl === null || memory.generation !== generation) return;
    memory.entries.set(key, {
      user,
      validUntil: Math.min(now + ttl, expiresAt, extendsAt(expiresAt)),
    });
    if (memory.entries.size > MAX_REMEMBERED_SESSIONS) {
      memory.entries.delete(memory.entries.keys().next().value!);
    }
  };
  // A failure (database down) is an error, not "logged out", on either path.
  const quick = await quickLookUp(auth, owner, cookie);
  if (quick) {
    if (quick.user) remember(quick.user, quick.expiresAt);
    return { user: quick.user, setCookies: [] };
  }
  const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const session = result?.response;
  if (!session) return { user: null, setCookies: [] };
  const user = session.user as AuthUser & { banned?: boolean | null };
  // A banned account's sessions stop working at once, however the ban was set.
  if (user.banned) return { user: null, setCookies: [] };
  const sessionUser = sessionUserOf(user);
  // better-auth extends a session once a day; the browser gets the longer cookie too.
  const setCookies = result.headers.getSetCookie();
  if (setCookies.length === 0) {
    remember(sessionUser, new Date(session.session.expiresAt).getTime());
  }
  return { user: sessionUser, setCookies };
}

/** Root middleware: one session lookup per request, shared by the loaders that run in parallel. */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { context, request },
  next,
) => {
  const lookup = await lookUp(context, request);
  context.set(sessionUserContext, Promise.resolve(lookup.user));
  const response = await next();
  for (const cookie of lookup.setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

/** The signed-in user, or null. */
export async function getSessionUser(
  context: Context,
  request: Request,
): Promise<SessionUser | null> {
  const cached = context.get(sessionUserContext);
  if (cached) return cached;
  return (await lookUp(context, request)).user;
}

/**
 * Only same-site paths are followed after sign-in (no open redirects). Browsers
 * drop tabs and newlines from URLs, so "/\t/evil.example" would leave the site:
 * control characters and backslashes are refused, and what remains must resolve
 * to a path on this origin, both before and after dot segments are resolved.
 */
export function safeRedirectTo(value: unknown, fallback = "/"): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    /[\u0000-\u001f\u007f\\]/.test(value)
  ) {
    return fallback;
  }
  const base = "http://carlot.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  // Dot segments can leave a path that starts with "//" ("/..//evil.example/x"),
  // which a browser reads as another host: the result itself must stay here too.
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//") || new URL(path, base).origin !== base) return fallback;
  return path;
}

export function loginPath(url: URL): string {
  return `/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/** Not signed in → redirect to /login?redirectTo=<this URL>. */
export async function requireUser(
  context: Context,
  request: Request,
  url: URL,
): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(loginPath(url));
  return user;
}

/** Signed in without the permission → 403 page saying so (DESIGN decision 18). */
export async function requirePermission(
  context: Context,
  request: Request,
  url: URL,
  permission: Permission,
): Promise<SessionUser> {
  const user = await requireUser(context, request, url);
  if (!roleCan(user.role, permission)) {
    const { t } = translatorFor(context);
    throw data(
      t("This page is not available to your account type. You are signed in as {name}.", {
        name: user.name,
      }),
      { status: 403 },
    );
  }
  return user;
}

/**
 * Response headers that set on the browser the cookies better-auth answered a
 * session step with (its Set-Cookie lines only; none when the step gave none).
 */
export function authCookieHeaders(authHeaders: Headers | null): Headers {
  const headers = new Headers();
  for (const cookie of authHeaders?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * The answer to a sign-in or a registration that worked: on to `redirectTo` (when it
 * is one of ours), with the success toast and the new session's cookies.
 */
export function redirectSignedIn(
  config: CookieConfig,
  redirectTo: unknown,
  message: string,
  signedIn: { authHeaders: Headers | null },
) {
  return redirectWithToast(
    config,
    safeRedirectTo(redirectTo),
    { type: "success", message },
    authCookieHeaders(signedIn.authHeaders),
  );
}
