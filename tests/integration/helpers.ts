// Calling loaders the way React Router does, with our router context.
import type { RouterContextProvider } from "react-router";

// Route modules type their own args (typed params); tests pass the same shape.
type LoaderLike<T> = (args: never) => Promise<T> | T;

export async function callLoader<T>(
  loader: LoaderLike<T>,
  options: { path: string; params?: Record<string, string>; context: RouterContextProvider },
): Promise<T> {
  const url = new URL(options.path, "http://localhost");
  const args = {
    request: new Request(url),
    url,
    params: options.params ?? {},
    context: options.context,
    pattern: "",
  };
  return loader(args as never);
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
