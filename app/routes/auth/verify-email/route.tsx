import { data, redirect } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { AuthCard, FormError } from "#app/components/ui/form.tsx";
import { ResendForm, VERIFY_PATH } from "#app/components/verify-email-banner.tsx";
import { Rich, translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { msg } from "#app/i18n/translator.ts";
import { resendVerification, verifyEmailToken } from "#app/models/account.server.ts";
import { VERIFY_RESULTS, type VerifyResult } from "#app/models/account.ts";
import { seoMeta } from "#app/models/seo.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { getSessionUser, requireUser, safeRedirectTo } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return seoMeta({
    title: t("Confirm your email"),
    description: t("Confirm the email address of your Carlot account."),
    path: VERIFY_PATH,
    matches,
  });
};

/** A refused "Send the link again" tells the browser when to try again (429, Retry-After). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const answer = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) answer.set("Retry-After", retryAfter);
  return answer;
};

/**
 * The link in the email: checks the token once, then shows the outcome at
 * /verify-email?result=…, so reloading the page does not check it again.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  if (token !== null) {
    const result = await verifyEmailToken(servicesOf(context), token);
    throw redirect(`${VERIFY_PATH}?result=${result}`);
  }
  const asked = url.searchParams.get("result");
  const result = VERIFY_RESULTS.find((value) => value === asked) ?? null;
  const viewer = await getSessionUser(context, request);
  return {
    words: pageWords(context, "account"),
    result,
    viewer: viewer ? { email: viewer.email, emailVerified: viewer.emailVerified } : null,
  };
}

/** "Send the link again" (the banner on every page posts here). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const viewer = await requireUser(context, request, url);
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  if (form.get("intent") !== "resend") {
    return data({ formError: t("This form is not known here.") }, { status: 400 });
  }
  const services = servicesOf(context);
  const outcome = await resendVerification(
    services,
    { userId: viewer.id, email: viewer.email, headers: request.headers },
    t,
  );
  if (!outcome.ok) {
    return data({ formError: outcome.formError }, problemInit(outcome));
  }
  return redirectWithToast(services.config, safeRedirectTo(form.get("redirectTo"), VERIFY_PATH), {
    type: "success",
    message: outcome.alreadyVerified
      ? t("Your email address is already confirmed.")
      : t("We sent a new link to {email}. It works for 24 hours.", { email: viewer.email }),
  });
}

const OUTCOMES: Record<VerifyResult, { title: string; text: string }> = {
  verified: {
    title: msg("Your email address is confirmed"),
    text: msg(
      "Thank you. Emails on your behalf, such as the copies of your contact requests, are now sent to you.",
    ),
  },
  used: {
    title: msg("This link was already used"),
    text: msg("Your email address is already confirmed. There is nothing more to do."),
  },
  expired: {
    title: msg("This link has expired"),
    text: msg("Links work for 24 hours. Log in and ask for a new one below."),
  },
  invalid: {
    title: msg("This link is not valid"),
    text: msg(
      "It may be incomplete: copy the whole link from the email, or ask for a new one below.",
    ),
  },
};

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { result, viewer } = loaderData;
  const outcome = result ? OUTCOMES[result] : null;
  const waiting = viewer !== null && !viewer.emailVerified;
  return (
    <AuthCard title={outcome ? t(outcome.title) : t("Confirm your email")}>
      <div className="space-y-4 text-slate-700">
        <FormError message={actionData?.formError ? t(actionData.formError) : null} />
        {outcome ? <p role="status">{t(outcome.text)}</p> : null}
        {!outcome && viewer?.emailVerified ? (
          <p>
            <Rich
              message="Your email address ({email}) is confirmed."
              values={{ email: <bdi translate="no">{viewer.email}</bdi> }}
            />
          </p>
        ) : null}
        {!outcome && waiting ? (
          <p>
            <Rich
              message="We sent a link to {email}. Open it to confirm your address."
              values={{
                email: (
                  <strong>
                    <bdi translate="no">{viewer.email}</bdi>
                  </strong>
                ),
              }}
            />
          </p>
        ) : null}
        {waiting ? <ResendForm redirectTo={VERIFY_PATH} /> : null}
        {viewer === null && result !== "verified" && result !== "used" ? (
          <p>
            <Rich
              message="{login} to ask for a new link."
              values={{
                login: (
                  <AppLink
                    to={`/login?redirectTo=${encodeURIComponent(VERIFY_PATH)}`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {t("Log in")}
                  </AppLink>
                ),
              }}
            />
          </p>
        ) : null}
        <AppLink to="/" className="inline-block font-semibold text-brand-700 hover:underline">
          {t("Go to the home page")}
        </AppLink>
      </div>
    </AuthCard>
  );
}
