// Calling loaders the way React Router does, with our router context.
import type { RouterContextProvider } from "react-router";

type LoaderLike<T> = (args: {
  request: Request;
  url: URL;
  params: Record<string, string | undefined>;
  context: RouterContextProvider;
  pattern: string;
}) => Promise<T> | T;

export async function callLoader<T>(
  loader: LoaderLike<T>,
  options: { path: string; params?: Record<string, string>; context: RouterContextProvider },
): Promise<T> {
  const url = new URL(options.path, "http://localhost");
  return loader({
    request: new Request(url),
    url,
    params: options.params ?? {},
    context: options.context,
    pattern: "",
  });
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
