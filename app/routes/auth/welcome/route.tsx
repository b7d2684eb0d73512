// Where the OpenID Connect sign-in lands: greet, then continue to the remembered page.
import { redirect } from "react-router";

import { translatorFor } from "#app/i18n/language.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { getSessionUser, safeRedirectTo } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"));
  if (!(await getSessionUser(context, request))) throw redirect("/login?error=oidc");
  return redirectWithToast(servicesOf(context).config, redirectTo, {
    type: "success",
    message: translatorFor(context).t("Logged In Successfully"),
  });
}
