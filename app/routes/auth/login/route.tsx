import { getFormProps } from "@conform-to/react";
import { data, Form, redirect } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { useSite } from "#app/components/use-site.ts";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { InputField } from "#app/components/ui/fields.tsx";
import { AuthCard, FormError, OtherFormLink, SubmitButton } from "#app/components/ui/form.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { signIn } from "#app/models/account.server.ts";
import { loginSchema } from "#app/models/account.ts";
import { seoMeta, siteNameOf } from "#app/models/seo.ts";
import { withRedirectTo } from "#app/models/site.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { clientAddressContext, servicesOf } from "#app/services/app-context.server.ts";
import { getSessionUser, redirectSignedIn, safeRedirectTo } from "#app/services/session.server.ts";
import { passRetryAfter } from "#app/services/rate-limit.server.ts";

import type { Route } from "./+types/route";

export const headers = passRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return seoMeta({
    title: t("Log In"),
    description: t("Log in to {site} to contact sellers, save cars and manage your listings.", {
      site: siteNameOf(matches),
    }),
    path: "/login",
    matches,
  });
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"));
  if (await getSessionUser(context, request)) throw redirect(redirectTo);
  const { config } = servicesOf(context);
  const errors = url.searchParams.getAll("error");
  return {
    words: pageWords(context, "account"),
    redirectTo,
    oidcName: config.oidc?.name ?? null,
    oidcFailed: errors.includes("oidc"),
    // better-auth adds why: an email+password account with this address exists.
    oidcNotLinked: errors.includes("account_not_linked"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = translatorFor(context);
  const submission = parseSubmission(await readForm(request, t), loginSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const services = servicesOf(context);
  const outcome = await signIn(
    services,
    {
      email: submission.value.email,
      password: submission.value.password,
      headers: request.headers,
      clientAddress: context.get(clientAddressContext),
    },
    t,
  );
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.formError], hideFields: ["password"] }) },
      problemInit(outcome),
    );
  }
  const { redirectTo } = submission.value;
  return redirectSignedIn(services.config, redirectTo, t("Logged In Successfully"), outcome);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const t = useT();
  const { form, fields, formError, pending } = useSchemaForm(
    "login",
    loginSchema,
    actionData?.result,
  );
  return (
    <AuthCard
      title={t("Log In")}
      subtitle={
        <OtherFormLink
          question={t("New to {site}?", { site: site.name })}
          to={withRedirectTo("/register", loaderData.redirectTo)}
          label={t("Register")}
        />
      }
    >
      {loaderData.oidcFailed ? (
        <div className="mb-4">
          <FormError
            message={
              loaderData.oidcNotLinked
                ? t(
                    "An account with this email already exists. Log in with your email and password.",
                  )
                : loaderData.oidcName
                  ? t("Signing in with {provider} did not work. Please try again.", {
                      provider: loaderData.oidcName,
                    })
                  : t("Signing in with your provider did not work. Please try again.")
            }
          />
        </div>
      ) : null}
      <Form method="post" className="space-y-1" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormError message={formError ? t(formError) : null} />
        <InputField field={fields.email} label={t("Email")} type="email" autoComplete="email" />
        <InputField
          field={fields.password}
          label={t("Password")}
          type="password"
          autoComplete="current-password"
        />
        <div className="flex justify-end pb-3">
          <AppLink
            to="/forgot-password"
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            {t("Forgot Password")}
          </AppLink>
        </div>
        <SubmitButton pending={pending} pendingLabel={t("Logging in…")}>
          {t("Log In")}
        </SubmitButton>
      </Form>
      {loaderData.oidcName ? (
        <>
          <div className="my-6 flex items-center gap-3 text-xs font-medium text-slate-500 uppercase">
            <span className="h-px flex-1 bg-slate-200" /> {t("or")}{" "}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <Form method="post" action="/auth/oidc">
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <button
              type="submit"
              className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-white px-4 py-3 font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {t("Continue With {provider}", { provider: loaderData.oidcName })}
            </button>
          </Form>
        </>
      ) : null}
    </AuthCard>
  );
}
