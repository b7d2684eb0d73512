// The contact form's fields, shared by the form on the page (contact-seller.tsx) and
// its dialog (contact-seller-dialog.tsx): the buyer's and seller's emails and the
// car's location locked, the buyer's name, meeting place and phone, the safety advice.
import { AppLink } from "#app/components/ui/app-link.tsx";
import { Field, FormError, inputClass, SubmitButton } from "#app/components/ui/form.tsx";
import { SAFETY_PATH, SAFETY_TIPS } from "#app/models/safety.ts";

export type ContactReply = {
  intent: "order";
  fieldErrors?: Partial<Record<"buyerName" | "meetingLocation" | "buyerPhone", string[]>>;
  formError?: string;
  values?: Partial<Record<"buyerName" | "meetingLocation" | "buyerPhone", string>>;
};

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

/** The fields, the safety advice and the button; the caller supplies the form element. */
export function ContactFields({
  props,
  reply,
  pending,
}: {
  props: ContactProps;
  reply: ContactReply | null | undefined;
  pending: boolean;
}) {
  const errors = reply?.fieldErrors ?? {};
  const value = (name: keyof NonNullable<ContactReply["values"]>, fallback = "") =>
    reply?.values?.[name] ?? fallback;
  const errorProps = (name: keyof NonNullable<ContactReply["fieldErrors"]>) =>
    errors[name]?.length
      ? { "aria-invalid": true as const, "aria-describedby": `contact-${name}-error` }
      : {};
  return (
    <>
      <input type="hidden" name="intent" value="order" />
      <div className="space-y-1">
        <FormError message={reply?.formError} />
        <Field label="Your email" errorId="contact-buyerEmail-error">
          <input type="email" value={props.buyer.email} disabled className={lockedClass} />
        </Field>
        <Field label="Seller's email" errorId="contact-sellerEmail-error">
          <input type="email" value={props.sellerEmail} disabled className={lockedClass} />
        </Field>
        <Field label="Car's location" errorId="contact-location-error">
          <input type="text" value={props.location} disabled className={lockedClass} />
        </Field>
        <Field label="Your name" errors={errors.buyerName} errorId="contact-buyerName-error">
          <input
            name="buyerName"
            type="text"
            autoComplete="name"
            defaultValue={value("buyerName", props.buyer.name)}
            maxLength={80}
            className={inputClass}
            {...errorProps("buyerName")}
          />
        </Field>
        <Field
          label="Where would you like to meet?"
          hint="A busy public place is best, for example a supermarket car park."
          errors={errors.meetingLocation}
          errorId="contact-meetingLocation-error"
        >
          <input
            name="meetingLocation"
            type="text"
            autoComplete="address-level2"
            defaultValue={value("meetingLocation")}
            maxLength={160}
            className={inputClass}
            {...errorProps("meetingLocation")}
          />
        </Field>
        <Field
          label="Contact number"
          hint="Only this seller sees it, and only while your request is open."
          errors={errors.buyerPhone}
          errorId="contact-buyerPhone-error"
        >
          <input
            name="buyerPhone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            defaultValue={value("buyerPhone")}
            maxLength={40}
            className={inputClass}
            {...errorProps("buyerPhone")}
          />
        </Field>
      </div>
      <aside
        aria-label="Stay safe"
        className="mt-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-600/25"
      >
        <p className="font-semibold">Stay safe</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {SAFETY_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
        <AppLink
          to={SAFETY_PATH}
          className="mt-1 inline-block font-semibold text-amber-950 underline underline-offset-2"
        >
          More advice on buying safely
        </AppLink>
      </aside>
      <div className="mt-5">
        <SubmitButton pending={pending} pendingLabel="Sending your request…">
          Send to the seller
        </SubmitButton>
      </div>
    </>
  );
}

/** The form shown on the page itself (no JavaScript, `?contact`). */
