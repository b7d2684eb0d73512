// POST /auth/oidc: "Continue With Google" — off to the configured provider.
import { redirect } from "react-router";

import { translatorFor } from "#app/i18n/language.server.ts";
import { startOidcSignIn } from "#app/models/account.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { safeRedirectTo, authCookieHeaders } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const { t } = translatorFor(context);
  const redirectTo = safeRedirectTo((await readForm(request, t)).get("redirectTo"));
  try {
    const started = await startOidcSignIn(services, { redirectTo, headers: request.headers });
    if (!started) throw redirect("/login");
    return redirect(started.url, { headers: authCookieHeaders(started.authHeaders) });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, "could not start the OpenID Connect sign-in");
    const provider = services.config.oidc?.name;
    return redirectWithToast(
      services.config,
      `/login?redirectTo=${encodeURIComponent(redirectTo)}`,
      {
        type: "error",
        message: provider
          ? t("{provider} could not be reached. Please try again later.", { provider })
          : t("The sign-in provider could not be reached. Please try again later."),
      },
    );
  }
}

export function loader() {
  return redirect("/login");
}
