// POST /wishlist: save or remove a car (DESIGN decision 9). Works without
// JavaScript: the form posts here and comes back to the page it was on.
import { data, redirect } from "react-router";

import { translatorFor } from "#app/i18n/language.server.ts";
import { parseId } from "#app/models/id.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import { removeFromWishlist, saveToWishlist } from "#app/models/wishlist.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { requirePermission, safeRedirectTo } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export async function action({ context, request, url }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = safeRedirectTo(form.get("redirectTo"), "/dashboard/wishlist");
  // Not signed in: log in, then come back to the page the button was on.
  const viewer = await requirePermission(context, request, new URL(back, url), "use:wishlist");
  const services = servicesOf(context);
  const listingId = parseId(form.get("listingId"));
  const entryId = parseId(form.get("entryId"));
  // Toasts and refusals in the page's language (the English is WISHLIST_MESSAGES').
  const { t } = translatorFor(context);
  switch (form.get("intent")) {
    case "save": {
      if (listingId === null || !(await saveToWishlist(services.db, viewer.id, listingId))) {
        const site = (await getSiteSettings(services.db)).name;
        return data({ error: t("This car is no longer on {site}.", { site }) }, { status: 404 });
      }
      return redirectWithToast(services.config, back, {
        type: "success",
        message: t("Saved to your wishlist"),
      });
    }
    case "remove": {
      const which = listingId !== null ? { listingId } : entryId !== null ? { entryId } : null;
      if (!which || !(await removeFromWishlist(services.db, viewer.id, which))) {
        return data({ error: t("This car is not in your wishlist.") }, { status: 404 });
      }
      return redirectWithToast(services.config, back, {
        type: "success",
        message: t("Removed from your wishlist"),
      });
    }
    default:
      return data({ error: t("That action is not available here.") }, { status: 400 });
  }
}

export function loader() {
  return redirect("/dashboard/wishlist");
}
