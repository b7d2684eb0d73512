// POST /wishlist: save or remove a car (DESIGN decision 9). Works without
// JavaScript: the form posts here and comes back to the page it was on.
import { data, redirect } from "react-router";

import { translatorFor } from "#app/i18n/language.server.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { parseId } from "#app/models/id.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import { removeFromWishlist, saveToWishlist, setCarAlerts } from "#app/models/wishlist.server.ts";
import { CAR_ALERT_MESSAGES, carAlertsSchema } from "#app/models/car-alerts-form.ts";
import { WISHLIST_MESSAGES } from "#app/models/wishlist.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { requirePermission, safeRedirectTo } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

/** "Email me about saved cars": how often, checked with the form's schema. */
async function saveCarAlerts(
  services: ReturnType<typeof servicesOf>,
  userId: string,
  form: FormData,
  back: string,
  t: Translate,
) {
  const submission = parseSubmission(form, carAlertsSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  await setCarAlerts(services.db, userId, submission.value.carAlerts);
  return redirectWithToast(services.config, back, {
    type: "success",
    message: t(CAR_ALERT_MESSAGES.saved),
  });
}

export async function action({ context, request, url }: Route.ActionArgs) {
  // Toasts and refusals in the page's language (WISHLIST_MESSAGES).
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const back = safeRedirectTo(form.get("redirectTo"), "/dashboard/wishlist");
  // Not signed in: log in, then come back to the page the button was on.
  const viewer = await requirePermission(context, request, new URL(back, url), "use:wishlist");
  const services = servicesOf(context);
  const listingId = parseId(form.get("listingId"));
  const entryId = parseId(form.get("entryId"));
  switch (form.get("intent")) {
    case "save": {
      if (listingId === null || !(await saveToWishlist(services.db, viewer.id, listingId))) {
        const site = (await getSiteSettings(services.db)).name;
        return data({ error: WISHLIST_MESSAGES.missing(site, t) }, { status: 404 });
      }
      return redirectWithToast(services.config, back, {
        type: "success",
        message: t(WISHLIST_MESSAGES.saved),
      });
    }
    case "remove": {
      const which = listingId !== null ? { listingId } : entryId !== null ? { entryId } : null;
      if (!which || !(await removeFromWishlist(services.db, viewer.id, which))) {
        return data({ error: t(WISHLIST_MESSAGES.notSaved) }, { status: 404 });
      }
      return redirectWithToast(services.config, back, {
        type: "success",
        message: t(WISHLIST_MESSAGES.removed),
      });
    }
    case "alerts":
      return saveCarAlerts(services, viewer.id, form, back, t);
    default:
      return data({ error: t("That action is not available here.") }, { status: 400 });
  }
}

export function loader() {
  return redirect("/dashboard/wishlist");
}
