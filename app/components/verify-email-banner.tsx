// Until a signed-in person has opened the link we emailed them, every page says so
// and offers to send it again (decision 018). A plain form: works without JavaScript.
import { Form, useLocation, useNavigation } from "react-router";

import { Rich, useT } from "#app/i18n/i18n-provider.tsx";

export const VERIFY_PATH = "/verify-email";

/** "Send the link again", with its pending state; `redirectTo` is where the toast shows. */
export function ResendForm({
  redirectTo,
  compact = false,
}: {
  redirectTo: string;
  compact?: boolean;
}) {
  const t = useT();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === VERIFY_PATH;
  return (
    <Form method="post" action={VERIFY_PATH}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        disabled={pending}
        aria-disabled={pending}
        className={
          compact
            ? "rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-amber-900 ring-1 ring-amber-700/40 hover:bg-amber-100 disabled:cursor-wait disabled:opacity-75"
            : "inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-wait disabled:opacity-75"
        }
      >
        {pending ? t("Sending…") : t("Send the link again")}
      </button>
    </Form>
  );
}

export function VerifyEmailBanner({ email }: { email: string }) {
  const location = useLocation();
  const t = useT();
  // The landing page says the same thing in its own words.
  if (location.pathname === VERIFY_PATH) return null;
  return (
    <section
      aria-label={t("Confirm your email")}
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm sm:px-6 lg:px-8">
        <p className="flex-1">
          <Rich
            message="Please confirm your email address: open the link we sent to {email}. Until then, copies of your contact requests wait."
            values={{ email: <strong translate="no">{email}</strong> }}
          />
        </p>
        <ResendForm redirectTo={`${location.pathname}${location.search}`} compact />
      </div>
    </section>
  );
}
