// The car page's two forms for a signed-in buyer, as its action answers them:
// contacting the seller (a contact request) and reporting the car to the admins.
// Field errors come back next to the fields with what was typed; refusals in words.
import { data } from "react-router";
import { z } from "zod";

import { listingPath } from "#app/models/listing.ts";
import { contactSellerSchema } from "#app/models/order-form.ts";
import { placeOrder } from "#app/models/order.server.ts";
import { ORDER_MESSAGES } from "#app/models/order.ts";
import { createReport } from "#app/models/report.server.ts";
import { parseReportForm, REPORT_MESSAGES } from "#app/models/report.ts";
import type { SessionUser } from "#app/models/user.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

/** The contact-seller form: the spec's messages next to fields, refusals in words. */
export async function contactSeller(
  services: AppServices,
  viewer: SessionUser,
  id: number,
  form: FormData,
) {
  const values = {
    buyerName: String(form.get("buyerName") ?? ""),
    meetingLocation: String(form.get("meetingLocation") ?? ""),
    buyerPhone: String(form.get("buyerPhone") ?? ""),
  };
  const parsed = contactSellerSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors;
    return data({ intent: "order" as const, fieldErrors, values }, { status: 400 });
  }
  const outcome = await placeOrder(services, viewer, id, parsed.data);
  if (!outcome.ok) {
    // Over a limit: 429 with Retry-After, and the form comes back with what was typed.
    return data(
      { intent: "order" as const, formError: outcome.message, values },
      problemInit(outcome),
    );
  }
  return redirectWithToast(services.config, listingPath(id), {
    type: "success",
    message: ORDER_MESSAGES.placed,
  });
}

/** 'Report To Admin': a reason and optional words; one report per person and car. */
export async function reportCar(
  services: AppServices,
  viewer: SessionUser,
  id: number,
  form: FormData,
) {
  const values = { reason: form.get("reason"), details: form.get("details") };
  const parsed = parseReportForm(values);
  const echo = {
    reason: typeof values.reason === "string" ? values.reason : "",
    details: typeof values.details === "string" ? values.details : "",
  };
  if (!parsed.ok) {
    return data(
      { intent: "report" as const, fieldErrors: parsed.errors, values: echo },
      { status: 400 },
    );
  }
  const outcome = await createReport(services.db, viewer.id, id, parsed.value);
  if (outcome === "missing") {
    throw data(REPORT_MESSAGES.missingCar, problemInit({ code: "not-found" }));
  }
  if (outcome !== "created") {
    const formError = outcome === "own car" ? REPORT_MESSAGES.ownCar : REPORT_MESSAGES.duplicate;
    return data(
      { intent: "report" as const, formError, values: echo },
      problemInit({ code: "conflict" }),
    );
  }
  return redirectWithToast(services.config, listingPath(id), {
    type: "success",
    message: REPORT_MESSAGES.sent,
  });
}
