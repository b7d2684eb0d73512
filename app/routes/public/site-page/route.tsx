// /about, /terms and /privacy: pages the operator writes in Markdown at
// /dashboard/settings. An empty page does not exist (404) and has no footer link.
// The text is rendered as React elements, never as HTML (app/models/markdown.ts).
import { data } from "react-router";

import { NOT_FOUND_TITLE } from "#app/components/errors/not-found-page.tsx";
import { Markdown } from "#app/components/markdown.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords } from "#app/i18n/language.server.ts";
import { msg } from "#app/i18n/translator.ts";
import { markdownPlainText } from "#app/models/markdown.ts";
import { seoMeta, titleOf } from "#app/models/seo.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import { SITE_PAGES, type SitePageSlug } from "#app/models/site-labels.ts";
import { servicesOf } from "#app/services/app-context.server.ts";

import type { Route } from "./+types/route";

/** The pages' titles (SITE_PAGES' labels), in this part of the catalogue. */
const TITLES: Record<SitePageSlug, string> = {
  about: msg("About"),
  terms: msg("Terms"),
  privacy: msg("Privacy"),
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t } = translatorOfMatches(matches);
  if (!loaderData)
    return [titleOf(matches, t(NOT_FOUND_TITLE)), { name: "robots", content: "noindex" }];
  return seoMeta({
    title: t(loaderData.title),
    description: markdownPlainText(loaderData.text, 160),
    path: loaderData.path,
    matches,
  });
};

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

export async function loader({ context, url }: Route.LoaderArgs) {
  const page = SITE_PAGES.find((each) => `/${each.slug}` === url.pathname);
  const settings = await getSiteSettings(servicesOf(context).db);
  const text = page ? settings[page.column].trim() : "";
  if (!page || !text) throw data("There is no page at this address.", { status: 404 });
  return {
    title: TITLES[page.slug],
    path: url.pathname,
    text,
    words: pageWords(context, "public"),
  };
}

export default function SitePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(loaderData.title)}</h1>
      {/* The operator's words, in the language they wrote them in. */}
      <div
        translate="no"
        className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <Markdown source={loaderData.text} />
      </div>
    </article>
  );
}
