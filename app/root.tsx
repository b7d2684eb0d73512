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
import { I18nProvider, translatorOfMatches, usePageTranslator } from "#app/i18n/i18n-provider.tsx";
import { languageMiddleware, pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { ProgressBar } from "#app/layout/progress-bar.tsx";
import { Toaster } from "#app/components/toaster.tsx";
import { loadWhenShown } from "#app/components/ui/load-when-shown.tsx";
import { SiteFooter } from "#app/layout/site-footer.tsx";
import { SiteHeader } from "#app/layout/site-header.tsx";
import { DEFAULT_DESCRIPTION, isPrivatePath } from "#app/models/seo.ts";
import { brandOf, getSiteSettings, publicSiteOf } from "#app/models/site.server.ts";
import { FALLBACK_SITE, homeTitleOf } from "#app/models/site.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { getSessionUser, sessionMiddleware } from "#app/services/session.server.ts";
import { countUnread } from "#app/models/inbox.server.ts";
import { timeZoneFromCookie } from "#app/models/time-zone.ts";
import { popToast } from "#app/services/toast.server.ts";
import stylesheet from "#app/styles/app.css?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

import type { Route } from "./+types/root";

// Only a signed-in person whose address is not yet verified sees the banner: visitors'
// pages do not download it.
const VerifyEmailBanner = loadWhenShown(() =>
  import("#app/components/verify-email-banner.tsx").then((m) => m.VerifyEmailBanner),
);

// One hashed stylesheet for every page, visitors' and signed-in: the server sends it
// with a year's immutable Cache-Control, so a returning visitor's next page is only
// its own HTML (issue 29: inlining it made every visitor's page 18–22 kB of brotli
// more, and Lighthouse's paint times did not move when it was linked instead).
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t } = translatorOfMatches(matches);
  const site = loaderData?.site ?? FALLBACK_SITE;
  // The built-in tagline and description are catalogue messages; an operator's own
  // tagline passes through t unchanged.
  return [
    { title: homeTitleOf(site, t) },
    { name: "description", content: t(DEFAULT_DESCRIPTION) },
  ];
};

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, languageMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { config, db, storage } = servicesOf(context);
  const { t } = translatorFor(context);
  const [user, flash, settings] = await Promise.all([
    getSessionUser(context, request),
    popToast(config, request),
    getSiteSettings(db),
  ]);
  // The header's count of messages waiting unread (issue 27).
  const unread = user ? await countUnread(db, user.id) : 0;
  return data(
    // publicUrl: every page's `meta` builds absolute canonical and preview URLs from it.
    // site: the header, the footer and every title show what the operator set.
    {
      user,
      unread,
      // Signed-in pages write message times in the reader's zone (the `tz` cookie).
      timeZone: user ? timeZoneFromCookie(request.headers.get("cookie")) : null,
      toast: flash.toast,
      publicUrl: config.publicUrl,
      site: publicSiteOf(settings, (key) => storage.url(key), t),
      // The operator's palette, when they chose a brand colour (computed here, so the
      // colour arithmetic stays out of the browser's bundle).
      brand: settings.brandColour ? brandOf(settings.brandColour) : null,
      // The words every page shows (header, footer, shared parts), in the page's language.
      words: pageWords(context, "common"),
    },
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
  const translator = usePageTranslator();
  const { t } = translator;
  return (
    <I18nProvider translator={translator}>
      <html lang={translator.language} dir={translator.dir} className="h-full">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content={rootData?.brand?.themeColour ?? "#172554"} />
          {noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
          <Meta />
          <Links />
          <link
            rel="icon"
            href={rootData?.site.favicon.href ?? "/favicon.svg"}
            type={rootData?.site.favicon.type ?? "image/svg+xml"}
          />
          {/* After the stylesheet (in <Links />), outside its layers: these colours win over @theme's. */}
          {rootData?.brand ? <style>{rootData.brand.css}</style> : null}
        </head>
        <body className="flex min-h-full flex-col">
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
          >
            {t("Skip to content")}
          </a>
          <ProgressBar />
          <SiteHeader user={rootData?.user ?? null} unread={rootData?.unread ?? 0} />
          {rootData?.user && !rootData.user.emailVerified ? (
            <VerifyEmailBanner email={rootData.user.email} />
          ) : null}
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
          <SiteFooter />
          <Toaster flash={rootData?.toast ?? null} />
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </body>
      </html>
    </I18nProvider>
  );
}

export default function App() {
  return <Outlet />;
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";
