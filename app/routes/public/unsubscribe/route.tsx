// /alerts/unsubscribe?token=…: the link in every alert email (issue 28). It works without
// signing in: the token is signed for one saved search (or one person's saved-car emails)
// and for unsubscribing only. Opening it asks first (mail scanners open links too); the
// button, or a mail client's one-click POST (RFC 8058, List-Unsubscribe-Post), stops the
// emails: the search is paused (it stays on the Saved searches page), saved-car emails off.
import { data, Form, useNavigation } from "react-router";

import { Spinner } from "#app/components/ui/spinner.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords } from "#app/i18n/language.server.ts";
import { readLinkToken } from "#app/models/alert-links.server.ts";
import { describeLinkTarget, unsubscribe } from "#app/models/saved-search.server.ts";
import { titleOf } from "#app/models/seo.ts";
import { servicesOf } from "#app/services/app-context.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return [titleOf(matches, t("Stop alert emails")), { name: "robots", content: "noindex" }];
};

/** What the token names, or a 404 for a link that was altered or whose search is gone. */
async function targetOf(context: Route.LoaderArgs["context"], url: URL) {
  const { db, config } = servicesOf(context);
  const token = url.searchParams.get("token") ?? "";
  const target = readLinkToken(config.secret, "unsubscribe", token);
  const described = target ? await describeLinkTarget(db, target) : null;
  if (!target || !described) {
    throw data("This link does not work (any more).", { status: 404 });
  }
  return { target, described };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { described } = await targetOf(context, url);
  return { described, done: false, words: pageWords(context, "public") };
}

export async function action({ context, url }: Route.ActionArgs) {
  const { target, described } = await targetOf(context, url);
  await unsubscribe(servicesOf(context).db, target);
  return { described, done: true };
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const { described } = loaderData;
  const done = actionData?.done || (described.kind === "search" ? described.paused : described.off);
  const what =
    described.kind === "search"
      ? t("emails about new cars for your saved search “{name}”", { name: described.name })
      : t("emails about the cars you saved");
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900">
          {done ? t("You are unsubscribed") : t("Stop alert emails")}
        </h1>
        {done ? (
          <p role="status" className="mt-3 text-slate-700">
            {t("You will get no more {what}.", { what })}
          </p>
        ) : (
          <>
            <p className="mt-3 text-slate-700">{t("Stop {what}?", { what })}</p>
            <Form method="post" className="mt-6">
              <button
                type="submit"
                disabled={pending}
                aria-busy={pending || undefined}
                className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-wait disabled:opacity-80"
              >
                {pending ? (
                  <>
                    <Spinner />
                    {t("Unsubscribing…")}
                  </>
                ) : (
                  t("Unsubscribe")
                )}
              </button>
            </Form>
          </>
        )}
        <p className="mt-6 text-sm text-slate-600">
          {described.kind === "search"
            ? t(
                "Signed in, you can resume it or change how often you hear on the Saved searches page.",
              )
            : t("Signed in, you can choose how often you hear on your wishlist.")}{" "}
          <AppLink
            to={described.kind === "search" ? "/dashboard/savedSearches" : "/dashboard/wishlist"}
            className="font-semibold text-brand-700 underline"
          >
            {described.kind === "search" ? t("Saved searches") : t("My Wishlist")}
          </AppLink>
        </p>
      </div>
    </div>
  );
}
