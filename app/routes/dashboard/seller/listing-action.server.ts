// The action behind the sell and edit forms, one module for both pages: refuse an
// upload that says it is too large, read the form against its schema, check the
// form's one-time token, then save through the model. A refusal comes back on the
// form with the typed values; a success goes to My Products with its toast. Its
// answers are in `t`'s words: the route passes the request's (translatorFor).
import { data } from "react-router";
import type { z } from "zod";

import type { Translate } from "#app/i18n/translator.ts";

import type { UploadFormData } from "#app/components/listing-form/form-upload.tsx";
import { FORM_TOKEN_FIELD, FORM_TOKEN_MESSAGES } from "#app/models/form-token.ts";
import type { SaveOutcome } from "#app/models/listing-edit.server.ts";
import {
  chosenFiles,
  declaredTooLarge,
  LISTING_MESSAGES,
  photoLimitProblem,
} from "#app/models/listing-form.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import {
  issueFormToken,
  readFormToken,
  type FormPurpose,
  type FormToken,
} from "#app/services/form-token.server.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { english } from "#app/services/words.server.ts";

// Chosen files cannot be put back into a file input: the form never repeats them.
const hidden = { hideFields: ["photos"] };

export async function listingFormAction<Schema extends z.ZodObject>(form: {
  request: Request;
  services: AppServices;
  sellerId: string;
  /** What the form's token is for: "sell", or "edit:<id>" for one car. */
  purpose: FormPurpose;
  schema: Schema;
  /** Saves the car; its refusals in `t`'s words. */
  save: (value: z.output<Schema>, token: FormToken, t: Translate) => Promise<SaveOutcome>;
  /** The success toast. */
  saved: string;
  /** The request's words (translatorFor(context).t); English when not given. */
  t?: Translate;
}) {
  const { request, services, sellerId, purpose } = form;
  const t = form.t ?? english;
  const secret = services.config.secret;
  if (declaredTooLarge(request.headers.get("Content-Length"))) {
    const error = { photos: [t(LISTING_MESSAGES.photosTooLarge)] };
    return data<UploadFormData>(
      { result: { status: "error", error }, filesDropped: true },
      { status: 413 },
    );
  }
  const submission = parseSubmission(await readForm(request, t), form.schema);
  const filesDropped = chosenFiles(submission.payload.photos).length > 0;
  if (submission.status !== "success") {
    return data<UploadFormData>(
      { result: submission.reply(hidden), filesDropped },
      { status: 400 },
    );
  }
  const { photosPerCar } = await getSiteSettings(services.db);
  const photoProblem = photoLimitProblem(submission.value, photosPerCar, t);
  if (photoProblem) {
    const result = submission.reply({ ...hidden, fieldErrors: { photos: [photoProblem] } });
    return data<UploadFormData>({ result, filesDropped }, { status: 400 });
  }
  const token = readFormToken(secret, sellerId, purpose, submission.payload[FORM_TOKEN_FIELD]);
  if (!token) {
    const result = submission.reply({ ...hidden, formErrors: [t(FORM_TOKEN_MESSAGES.expired)] });
    const formToken = issueFormToken(secret, sellerId, purpose);
    return data<UploadFormData>({ result, filesDropped, formToken }, { status: 400 });
  }
  // A repeat of this form answers exactly as the first one did.
  const outcome = await form.save(submission.value, token, t);
  if (!outcome.ok) {
    const result = submission.reply({
      ...hidden,
      fieldErrors: outcome.fieldErrors,
      formErrors: outcome.formError ? [outcome.formError] : undefined,
    });
    return data<UploadFormData>({ result, filesDropped }, problemInit(outcome));
  }
  return redirectWithToast(services.config, "/dashboard/myProducts", {
    type: "success",
    message: form.saved,
  });
}
