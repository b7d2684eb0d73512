// The car page's two forms for a signed-in buyer, as its action answers them:
// contacting the seller (a contact request) and reporting the car to the admins.
// Both are checked with their shared schema (parseSubmission); field errors come
// back next to the fields with what was typed, refusals in words (the request's
// language: the route passes translatorFor(context).t).
import { data } from "react-router";

import type { Translate } from "#app/i18n/translator.ts";

import { listingPath } from "#app/models/listing.ts";
import { contactSellerSchema } from "#app/models/order-form.ts";
import { placeOrder } from "#app/models/order.server.ts";
import { ORDER_MESSAGES } from "#app/models/order.ts";
import { createReport } from "#app/models/report.server.ts";
import { reportFormSchema } from "#app/models/report-form.ts";
import { REPORT_MESSAGES } from "#app/models/report.ts";
import type { SessionUser } from "#app/models/user.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { parseSubmission } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { english } from "#app/services/words.server.ts";

/** Who asks about which car, and in which words the answer is (English when not given). */
export type BuyerAsk = { services: AppServices; viewer: SessionUser; id: number; t?: Translate };

/** The contact-seller form: the spec's messages next to fields, refusals in words. */
export async function contactSeller(
  { services, viewer, id, t = english }: BuyerAsk,
  form: FormData,
) {
  const submission = parseSubmission(form, contactSellerSchema);
  if (submission.status !== "success") {
    return data({ intent: "order" as const, result: submission.reply() }, { status: 400 });
  }
  const outcome = await placeOrder(services, viewer, id, submission.value, new Date(), t);
  if (!outcome.ok) {
    // Over a limit: 429 with Retry-After, and the form comes back with what was typed.
    const result = submission.reply({ formErrors: [outcome.message] });
    return data({ intent: "order" as const, result }, problemInit(outcome));
  }
  return redirectWithToast(services.config, listingPath(id), {
    type: "success",
    message: t(ORDER_MESSAGES.placed),
  });
}

/** 'Report To Admin': a reason and optional words; one report per person and car. */
export async function reportCar({ services, viewer, id, t = english }: BuyerAsk, form: FormData) {
  const submission = parseSubmission(form, reportFormSchema);
  if (submission.status !== "success") {
    return data({ intent: "report" as const, result: submission.reply() }, { status: 400 });
  }
  const outcome = await createReport(services.db, viewer.id, id, submission.value);
  if (outcome === "missing") {
    throw data(t(REPORT_MESSAGES.missingCar), problemInit({ code: "not-found" }));
  }
  if (outcome !== "created") {
    const formError = outcome === "own car" ? REPORT_MESSAGES.ownCar : REPORT_MESSAGES.duplicate;
    const result = submission.reply({ formErrors: [t(formError)] });
    return data({ intent: "report" as const, result }, problemInit({ code: "conflict" }));
  }
  return redirectWithToast(services.config, listingPath(id), {
    type: "success",
    message: t(REPORT_MESSAGES.sent),
  });
}
