// Who is asking: the session user, and the guards every protected loader and
// action calls at its top (STYLE 4: a layout never protects its children).
import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { roleCan, type Permission } from "#app/models/permissions.ts";
import { ROLES, type Role, type SessionUser } from "#app/models/user.ts";
import { authContext, sessionUserContext } from "#app/services/app-context.server.ts";

type Context = Readonly<RouterContextProvider>;

type Lookup = { user: SessionUser | null; setCookies: string[] };

async function lookUp(context: Context, request: Request): Promise<Lookup> {
  const auth = context.get(authContext);
  if (!request.headers.get("cookie")) return { user: null, setCookies: [] };
  // No session is null; a failure (database down) is an error, not "logged out".
  const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const session = result?.response;
  if (!session) return { user: null, setCookies: [] };
  const user = session.user as typeof session.user & {
    role?: string;
    verified?: boolean;
    banned?: boolean | null;
  };
  // A banned account's sessions stop working at once, however the ban was set.
  if (user.banned) return { user: null, setCookies: [] };
  const role = ROLES.includes(user.role as Role) ? (user.role as Role) : "buyer";
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image ?? null,
      role,
      verified: Boolean(user.verified),
    },
    // better-auth extends a session once a day; the browser gets the longer cookie too.
    setCookies: result.headers.getSetCookie(),
  };
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
    throw data(
      `This page is not available to your account type. You are signed in as ${user.name}.`,
      { status: 403 },
    );
  }
  return user;
}

/** Response headers that set the given cookies (from better-auth) on the browser. */
export function headersWithCookies(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
