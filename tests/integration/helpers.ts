// Calling loaders the way React Router does, with our router context.
import type { RouterContextProvider } from "react-router";

// Route modules type their own args (typed params); tests pass the same shape.
type LoaderLike<T> = (args: never) => Promise<T> | T;

export async function callLoader<T>(
  loader: LoaderLike<T>,
  options: { path: string; params?: Record<string, string>; context: RouterContextProvider },
): Promise<T> {
  return callLoaderAs(loader, options);
}

/** Runs a loader that must throw a Response-like error and returns its status. */
export async function thrownStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error.status;
    const status = (error as { init?: { status?: number } }).init?.status;
    if (typeof status === "number") return status;
    throw error;
  }
  throw new Error("expected the loader to throw");
}

/** Calls an action with a form, the way a browser submission would reach it. */
export async function callAction<T>(
  action: LoaderLike<T>,
  options: {
    path: string;
    form: Record<string, string | File>;
    context: RouterContextProvider;
    cookie?: string;
    params?: Record<string, string>;
  },
): Promise<T> {
  const url = new URL(options.path, "http://localhost:3000");
  const body = new FormData();
  for (const [key, value] of Object.entries(options.form)) body.append(key, value);
  const request = new Request(url, {
    method: "POST",
    body,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  const args = {
    request,
    url,
    params: options.params ?? {},
    context: options.context,
    pattern: "",
  };
  return action(args as never);
}

/** A loader call made with the given session cookie. */
export async function callLoaderAs<T>(
  loader: LoaderLike<T>,
  options: {
    path: string;
    cookie?: string;
    params?: Record<string, string>;
    context: RouterContextProvider;
  },
): Promise<T> {
  const url = new URL(options.path, "http://localhost:3000");
  const request = new Request(url, { headers: options.cookie ? { cookie: options.cookie } : {} });
  const args = {
    request,
    url,
    params: options.params ?? {},
    context: options.context,
    pattern: "",
  };
  return loader(args as never);
}

/** Runs something that must end in a thrown or returned Response, and returns it. */
export async function responseOf(run: () => Promise<unknown>): Promise<Response> {
  try {
    const value = await run();
    if (value instanceof Response) return value;
    throw new Error(`expected a Response, got ${JSON.stringify(value)?.slice(0, 200)}`);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** The name=value pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieFrom(response: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(/;\s*/).filter(Boolean)) {
    const at = part.indexOf("=");
    jar.set(part.slice(0, at), part.slice(at + 1));
  }
  for (const header of response.headers.getSetCookie()) {
    const [pair = ""] = header.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1);
    if (/max-age=0/i.test(header) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The data of an action or loader that answered with data(…, { status }). */
export function dataOf<T>(value: unknown): { data: T; status: number } {
  const wrapped = value as { data?: T; init?: { status?: number } | null; type?: string };
  if (wrapped && typeof wrapped === "object" && "data" in wrapped && "init" in wrapped) {
    return { data: wrapped.data as T, status: wrapped.init?.status ?? 200 };
  }
  return { data: value as T, status: 200 };
}
