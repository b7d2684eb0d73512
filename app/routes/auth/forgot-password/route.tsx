import { getFormProps } from "@conform-to/react";
import { data, Form } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { InputField } from "#app/components/ui/fields.tsx";
import { AuthCard, FormError, SubmitButton } from "#app/components/ui/form.tsx";
import { requestPasswordReset } from "#app/models/account.server.ts";
import { forgotPasswordSchema } from "#app/models/account.ts";
import { seoMeta, siteNameOf } from "#app/models/seo.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { clientAddressContext, servicesOf } from "#app/services/app-context.server.ts";
import { passRetryAfter } from "#app/services/rate-limit.server.ts";

import type { Route } from "./+types/route";

export const headers = passRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Forgot Password",
    description: `Reset your ${siteNameOf(matches)} password: we email you a link that works once, for an hour.`,
    path: "/forgot-password",
    matches,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await readForm(request), forgotPasswordSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  }
  const outcome = await requestPasswordReset(servicesOf(context), {
    email: submission.value.email,
    clientAddress: context.get(clientAddressContext),
  });
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.formError] }), sentTo: null },
      problemInit(outcome),
    );
  }
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}

const BACK_TO_LOGIN = (
  <AppLink to="/login" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
    Back to Log In
  </AppLink>
);

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { form, fields, pending } = useSchemaForm(
    "forgot-password",
    forgotPasswordSchema,
    actionData?.result,
  );
  if (actionData?.sentTo) {
    return (
      <AuthCard title="Check your email">
        <p className="text-slate-700" role="status">
          If an account exists for <strong>{actionData.sentTo}</strong>, we have sent it a link to
          choose a new password. The link works once and expires in one hour.
        </p>
        {BACK_TO_LOGIN}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the email you registered with and we will send you a reset link."
    >
      <Form method="post" className="space-y-1" {...getFormProps(form)}>
        <FormError message={form.errors?.[0]} />
        <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
        <SubmitButton pending={pending} pendingLabel="Sending…">
          Send reset link
        </SubmitButton>
      </Form>
      {BACK_TO_LOGIN}
    </AuthCard>
  );
}
