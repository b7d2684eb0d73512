// "Contact Seller" on a car's page (spec §2): buyer email, seller email and the
// car's location are shown filled in and locked; the buyer gives a name, where
// to meet and a phone number. With JavaScript it is a dialog; without, the button
// is a link that shows the same form on the page (`?contact`). The server checks
// every field and answers with the spec's messages.
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";

import { showToast } from "#app/components/toaster.tsx";
import { Field, FormError, inputClass, SubmitButton } from "#app/components/ui/form.tsx";
import { SAFETY_PATH, SAFETY_TIPS } from "#app/models/safety.ts";

export type ContactReply = {
  intent: "order";
  fieldErrors?: Partial<Record<"buyerName" | "meetingLocation" | "buyerPhone", string[]>>;
  formError?: string;
  values?: Partial<Record<"buyerName" | "meetingLocation" | "buyerPhone", string>>;
};

type Props = {
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
function ContactFields({
  props,
  reply,
  pending,
}: {
  props: Props;
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
        <Link
          to={SAFETY_PATH}
          className="mt-1 inline-block font-semibold text-amber-950 underline underline-offset-2"
        >
          More advice on buying safely
        </Link>
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
export function ContactSellerInline(props: Props) {
  return (
    <section
      id="contact-seller"
      aria-labelledby="contact-seller-heading"
      className="mt-5 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <h2 id="contact-seller-heading" className="text-lg font-semibold text-slate-900">
        Contact the seller about the {props.title}
      </h2>
      <div className="mt-4">
        <form method="post" action={props.action} noValidate>
          <ContactFields props={props} reply={props.reply} pending={false} />
        </form>
      </div>
    </section>
  );
}

/** The 'Contact Seller' button and its dialog (rendered only while no request is open). */
export function ContactSellerDialog(props: Props) {
  const fetcher = useFetcher<ContactReply>();
  const [open, setOpen] = useState(false);
  const pending = fetcher.state !== "idle";
  const reply = fetcher.data;

  // A refusal from the server (own car, sold, already requested) also toasts (spec §8).
  useEffect(() => {
    if (reply?.formError) showToast("error", reply.formError, { announce: false });
  }, [reply]);
  // Success redirects back here with a flash toast; the page then shows that the
  // request was sent instead of this button, which closes the dialog.

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : setOpen(next))}>
      <Dialog.Trigger asChild>
        <Link
          to={`${props.action}#contact-seller`}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          className="inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 sm:w-auto"
        >
          Contact Seller
        </Link>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              Contact the seller
            </Dialog.Title>
            <Dialog.Close
              className="-mt-1 -mr-2 rounded-lg px-2 py-1 text-sm font-semibold text-slate-600 hover:bg-slate-100"
              disabled={pending}
            >
              Close
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            The seller of the {props.title} gets your name, email, phone number and where you would
            like to meet, and will contact you.
          </Dialog.Description>
          <div className="mt-4">
            <fetcher.Form method="post" action={props.action} noValidate>
              <ContactFields props={props} reply={reply} pending={pending} />
            </fetcher.Form>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
