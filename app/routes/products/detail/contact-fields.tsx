// The contact form's fields, shared by the form on the page (contact-seller.tsx) and
// its dialog (contact-seller-dialog.tsx): the buyer's and seller's emails and the
// car's location locked, the buyer's name, meeting place and phone, the safety advice.
import type { SubmissionResult } from "@conform-to/react";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { InputField } from "#app/components/ui/fields.tsx";
import { Field, FormError, inputClass, SubmitButton } from "#app/components/ui/form.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { contactSellerSchema } from "#app/models/order-form.ts";
import { SAFETY_PATH, SAFETY_TIPS } from "#app/models/safety.ts";

/** What the action answers when it does not redirect: Conform's result. */
export type ContactReply = { intent: "order"; result: SubmissionResult<string[]> };

export type ContactProps = {
  listingId: number;
  title: string;
  sellerEmail: string;
  location: string;
  buyer: { name: string; email: string };
  /** The page's path with `?contact`, where the form posts. */
  action: string;
  /** A reply from a submission without JavaScript (the page re-rendered with it). */
  reply?: ContactReply | null;
};

const lockedClass = `${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600`;

/** The contact form with the shared schema; the buyer's name is filled in. */
export function useContactForm(
  props: ContactProps,
  lastResult: ContactReply["result"] | undefined,
) {
  return useSchemaForm("contact", contactSellerSchema, lastResult, {
    defaultValue: { buyerName: props.buyer.name },
  });
}

/** The fields, the safety advice and the button; the caller supplies the form element. */
export function ContactFields({
  props,
  contact,
  pending,
}: {
  props: ContactProps;
  contact: ReturnType<typeof useContactForm>;
  pending: boolean;
}) {
  const { fields, formError } = contact;
  const t = useT();
  return (
    <>
      <input type="hidden" name="intent" value="order" />
      <div className="space-y-1">
        <FormError message={formError} />
        <Field label={t("Your email")} errorId="contact-buyerEmail-error">
          <input
            type="email"
            value={props.buyer.email}
            disabled
            translate="no"
            className={lockedClass}
          />
        </Field>
        <Field label={t("Seller's email")} errorId="contact-sellerEmail-error">
          <input
            type="email"
            value={props.sellerEmail}
            disabled
            translate="no"
            className={lockedClass}
          />
        </Field>
        <Field label={t("Car's location")} errorId="contact-location-error">
          <input
            type="text"
            value={props.location}
            disabled
            translate="no"
            className={lockedClass}
          />
        </Field>
        <InputField
          field={fields.buyerName}
          label={t("Your name")}
          autoComplete="name"
          maxLength={80}
        />
        <InputField
          field={fields.meetingLocation}
          label={t("Where would you like to meet?")}
          hint={t("A busy public place is best, for example a supermarket car park.")}
          autoComplete="address-level2"
          maxLength={160}
        />
        <InputField
          field={fields.buyerPhone}
          label={t("Contact number")}
          hint={t("Only this seller sees it, and only while your request is open.")}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={40}
        />
      </div>
      <aside
        aria-label={t("Stay safe")}
        className="mt-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-600/25"
      >
        <p className="font-semibold">{t("Stay safe")}</p>
        <ul className="mt-1 list-disc space-y-1 ps-5">
          {SAFETY_TIPS.map((tip) => (
            <li key={tip}>{t(tip)}</li>
          ))}
        </ul>
        <AppLink
          to={SAFETY_PATH}
          className="mt-1 inline-block font-semibold text-amber-950 underline underline-offset-2"
        >
          {t("More advice on buying safely")}
        </AppLink>
      </aside>
      <div className="mt-5">
        <SubmitButton pending={pending} pendingLabel={t("Sending your request…")}>
          {t("Send to the seller")}
        </SubmitButton>
      </div>
    </>
  );
}
