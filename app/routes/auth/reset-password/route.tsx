import { getFormProps } from "@conform-to/react";
import { data, Form } from "react-router";

import { titleOf } from "#app/models/seo.ts";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { InputField } from "#app/components/ui/fields.tsx";
import { AuthCard, FormError, SubmitButton } from "#app/components/ui/form.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { resetPassword } from "#app/models/account.server.ts";
import { ACCOUNT_ERRORS, resetPasswordSchema } from "#app/models/account.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => [
  titleOf(matches, translatorOfMatches(matches).t("Choose a new password")),
];

export function loader({ context, url }: Route.LoaderArgs) {
  // better-auth sends people here with ?token=… (or ?error=INVALID_TOKEN).
  const token = url.searchParams.get("token");
  return {
    words: pageWords(context, "account"),
    token: token && !url.searchParams.get("error") ? token : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = translatorFor(context);
  const submission = parseSubmission(await readForm(request, t), resetPasswordSchema);
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirm"] }) },
      { status: 400 },
    );
  }
  const services = servicesOf(context);
  const outcome = await resetPassword(services, submission.value, t);
  if (!outcome.ok) {
    return data(
      {
        result: submission.reply({
          formErrors: [outcome.formError],
          hideFields: ["password", "confirm"],
        }),
      },
      problemInit(outcome),
    );
  }
  return redirectWithToast(services.config, "/login", {
    type: "success",
    message: t("Your password has been changed. Log in with the new one."),
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { form, fields, pending } = useSchemaForm(
    "reset-password",
    resetPasswordSchema,
    actionData?.result,
  );
  if (!loaderData.token) {
    return (
      <AuthCard title={t("Choose a new password")}>
        <FormError message={t(ACCOUNT_ERRORS.resetLinkInvalid)} />
        <AppLink
          to="/forgot-password"
          className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
        >
          {t("Ask for a new link")}
        </AppLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("Choose a new password")}>
      <Form method="post" className="space-y-1" {...getFormProps(form)}>
        <input type="hidden" name="token" value={loaderData.token} />
        <FormError message={form.errors?.[0] ? t(form.errors[0]) : null} />
        <InputField
          field={fields.password}
          label={t("New password")}
          hint={t("At least 8 characters.")}
          type="password"
          autoComplete="new-password"
        />
        <InputField
          field={fields.confirm}
          label={t("Repeat the new password")}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton pending={pending} pendingLabel={t("Saving…")}>
          {t("Save the new password")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
