import { getFormProps } from "@conform-to/react";
import { data, Form, redirect } from "react-router";

import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { ChoiceField, InputField } from "#app/components/ui/fields.tsx";
import { AuthCard, FormError, OtherFormLink, SubmitButton } from "#app/components/ui/form.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { register } from "#app/models/account.server.ts";
import { PHOTO_MAX_BYTES, registerSchema } from "#app/models/account.ts";
import { seoMeta, siteNameOf } from "#app/models/seo.ts";
import { withRedirectTo } from "#app/models/site.ts";
import { REGISTRATION_ROLES, ROLE_LABEL } from "#app/models/user.ts";
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
    title: t("Register"),
    description: t("Create a free {site} account as a buyer or a seller of used cars.", {
      site: siteNameOf(matches),
    }),
    path: "/register",
    matches,
  });
};

/** The photo limit plus room for the other fields. */
const MAX_BODY_BYTES = PHOTO_MAX_BYTES + 64 * 1024;

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"));
  if (await getSessionUser(context, request)) throw redirect(redirectTo);
  return { words: pageWords(context, "account"), redirectTo };
}

// A photo is never sent back, and neither is a password.
const NOT_ECHOED = ["password", "image"];

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = translatorFor(context);
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) {
    const photoTooLarge = {
      result: {
        status: "error" as const,
        error: { image: [t("The photo is larger than 5 MB; choose a smaller one")] },
      },
    };
    return data(photoTooLarge, { status: 413 });
  }
  const submission = parseSubmission(await readForm(request, t), registerSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: NOT_ECHOED }) }, { status: 400 });
  }
  const { image, redirectTo, ...account } = submission.value;
  const services = servicesOf(context);
  const photo = Buffer.from(await image.arrayBuffer());
  const clientAddress = context.get(clientAddressContext);
  const outcome = await register(
    services,
    { ...account, photo, headers: request.headers, clientAddress },
    t,
  );
  if (!outcome.ok) {
    const { formError, fieldErrors } = outcome;
    const result = submission.reply({
      formErrors: [formError],
      fieldErrors,
      hideFields: NOT_ECHOED,
    });
    return data({ result }, problemInit(outcome));
  }
  return redirectSignedIn(services.config, redirectTo, t("Successfully Registered"), outcome);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const roleLabels = Object.fromEntries(
    REGISTRATION_ROLES.map((role) => [role, t(ROLE_LABEL[role])]),
  ) as Record<(typeof REGISTRATION_ROLES)[number], string>;
  const { form, fields, formError, pending } = useSchemaForm(
    "register",
    registerSchema,
    actionData?.result,
    { defaultValue: { accountType: "buyer" } },
  );
  return (
    <AuthCard
      title={t("Register")}
      subtitle={
        <OtherFormLink
          question={t("Already have an account?")}
          to={withRedirectTo("/login", loaderData.redirectTo)}
          label={t("Log In")}
        />
      }
    >
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-1"
        {...getFormProps(form)}
      >
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormError message={formError ? t(formError) : null} />
        <InputField field={fields.name} label={t("Full name")} autoComplete="name" />
        <InputField
          field={fields.image}
          label={t("Photo")}
          hint={t("A JPEG, PNG or WebP photo of you, up to 5 MB. Buyers see it next to your cars.")}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          className="block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
        />
        <InputField field={fields.email} label={t("Email")} type="email" autoComplete="email" />
        <InputField
          field={fields.password}
          label={t("Password")}
          hint={t("At least 8 characters.")}
          type="password"
          autoComplete="new-password"
        />
        <ChoiceField
          field={fields.accountType}
          legend={t("Account type")}
          type="radio"
          values={REGISTRATION_ROLES}
          labels={roleLabels}
        />
        <SubmitButton pending={pending} pendingLabel={t("Creating your account…")}>
          {t("Register")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
