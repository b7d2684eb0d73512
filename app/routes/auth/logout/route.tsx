// POST /logout: ends the session on the server and clears its cookie, whatever the
// body holds: a broken or missing form still signs the person out.
import { redirect } from "react-router";

import { signOut } from "#app/models/account.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { safeRedirectTo, authCookieHeaders } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request).catch(() => null);
  const signedOut = await signOut(servicesOf(context), request.headers);
  return redirect(safeRedirectTo(form?.get("redirectTo")), {
    headers: authCookieHeaders(signedOut),
  });
}

export function loader() {
  // Signing out changes state, so it is a POST; a stray GET just goes home.
  return redirect("/");
}
