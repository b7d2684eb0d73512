import type { ReactNode } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { preload } from "react-dom";

import { useNonce } from "#app/components/nonce.tsx";
import { ProgressBar } from "#app/components/progress-bar.tsx";
import { ScriptPreloads } from "#app/components/script-preloads.tsx";
import { Toaster } from "#app/components/toaster.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { DEFAULT_DESCRIPTION, isPrivatePath } from "#app/models/seo.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { configContext } from "#app/services/app-context.server.ts";
import { getSessionUser, sessionMiddleware } from "#app/services/session.server.ts";
import { popToast } from "#app/services/toast.server.ts";
import stylesheet from "#app/styles/app.css?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import appCss from "virtual:carlot/app-css";

import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  // Production inlines the stylesheet (Layout); development links it, so Vite can update it.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = () => [
  { title: `${SITE_NAME} — Trusted Used Car Seller Site` },
  { name: "description", content: DEFAULT_DESCRIPTION },
];

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  const config = context.get(configContext);
  const [user, flash] = await Promise.all([
    getSessionUser(context, request),
    popToast(config, request),
  ]);
  return data(
    // publicUrl: every page's `meta` builds absolute canonical and preview URLs from it.
    { user, toast: flash.toast, publicUrl: config.publicUrl },
    flash.setCookie ? { headers: { "Set-Cookie": flash.setCookie } } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // The one face the pages use (Inter, Latin, variable weight; font-display: swap),
  // requested from the top of <head> instead of once the styles have been read.
  preload(interLatin, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
  // Undefined while an error page renders without the root data.
  const rootData = useRouteLoaderData<typeof loader>("root");
  // Dashboard and other personal pages are never indexed (seo.ts isPrivatePath).
  const noindex = isPrivatePath(useLocation().pathname);
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#172554" />
        {noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
        <Meta />
        <Links />
        {import.meta.env.DEV ? null : <Stylesheet inline={!rootData?.user} />}
      </head>
      <body className="flex min-h-full flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <ProgressBar />
        <SiteHeader user={rootData?.user ?? null} />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
        <Toaster flash={rootData?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <ScriptPreloads nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Which stylesheet element this browser page was given: it keeps it (see below). */
let stylesheetInBrowser: "inline" | "linked" | undefined;

/**
 * The built stylesheet. Visitors' pages (stored by the page cache) carry its text: no
 * request before the first paint. Signed-in pages are rendered for each request: they
 * link it, and the browser keeps the file for a year instead of getting it each time.
 *
 * In the browser the text is "": the element keeps the text the server sent, because
 * Preact (decision 016) does not apply inner HTML while hydrating (as children, it
 * would replace the text with ""). For the same reason the page keeps the element it
 * came with when someone signs in or out without a full page load: an inline <style>
 * rendered in the browser would be empty.
 */
function Stylesheet({ inline }: { inline: boolean }) {
  const kind = import.meta.env.SSR
    ? inline
      ? "inline"
      : "linked"
    : (stylesheetInBrowser ??= inline ? "inline" : "linked");
  return kind === "inline" ? (
    <style dangerouslySetInnerHTML={{ __html: appCss }} />
  ) : (
    <link rel="stylesheet" href={stylesheet} />
  );
}

export default function App() {
  return <Outlet />;
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
