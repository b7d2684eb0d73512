import { getFormProps } from "@conform-to/react";
import { data, Form } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { InputField } from "#app/components/ui/fields.tsx";
import { AuthCard, FormError, SubmitButton } from "#app/components/ui/form.tsx";
import { Rich, translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { requestPasswordReset } from "#app/models/account.server.ts";
import { forgotPasswordSchema } from "#app/models/account.ts";
import { seoMeta, siteNameOf } from "#app/models/seo.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { clientAddressContext, servicesOf } from "#app/services/app-context.server.ts";
import { passRetryAfter } from "#app/services/rate-limit.server.ts";

import type { Route } from "./+types/route";

export const headers = passRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return seoMeta({
    title: t("Forgot Password"),
    description: t(
      "Reset your {site} password: we email you a link that works once, for an hour.",
      { site: siteNameOf(matches) },
    ),
    path: "/forgot-password",
    matches,
  });
};

export function loader({ context }: Route.LoaderArgs) {
  return { words: pageWords(context, "account") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = translatorFor(context);
  const submission = parseSubmission(await readForm(request, t), forgotPasswordSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  }
  const outcome = await requestPasswordReset(
    servicesOf(context),
    { email: submission.value.email, clientAddress: context.get(clientAddressContext) },
    t,
  );
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.formError] }), sentTo: null },
      problemInit(outcome),
    );
  }
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}

function BackToLogin() {
  const t = useT();
  return (
    <AppLink to="/login" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
      {t("Back to Log In")}
    </AppLink>
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const { form, fields, pending } = useSchemaForm(
    "forgot-password",
    forgotPasswordSchema,
    actionData?.result,
  );
  if (actionData?.sentTo) {
    return (
      <AuthCard title={t("Check your email")}>
        <p className="text-slate-700" role="status">
          <Rich
            message="If an account exists for {email}, we have sent it a link to choose a new password. The link works once and expires in one hour."
            values={{
              email: (
                <strong>
                  <bdi translate="no">{actionData.sentTo}</bdi>
                </strong>
              ),
            }}
          />
        </p>
        <BackToLogin />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t("Forgot Password")}
      subtitle={t("Enter the email you registered with and we will send you a reset link.")}
    >
      <Form method="post" className="space-y-1" {...getFormProps(form)}>
        <FormError message={form.errors?.[0] ? t(form.errors[0]) : null} />
        <InputField field={fields.email} label={t("Email")} type="email" autoComplete="email" />
        <SubmitButton pending={pending} pendingLabel={t("Sending…")}>
          {t("Send reset link")}
        </SubmitButton>
      </Form>
      <BackToLogin />
    </AuthCard>
  );
}
