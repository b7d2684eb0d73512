// "Contact Seller" on a car's page (spec §2): buyer email, seller email and the
// car's location are shown filled in and locked; the buyer gives a name, where
// to meet and a phone number. With JavaScript it is a dialog; without, the button
// is a link that shows the same form on the page (`?contact`). The server checks
// every field and answers with the spec's messages. The dialog's code
// (contact-seller-dialog.tsx) loads when the button is first pointed at, focused
// or used: visitors who only read the page never download it.
import { getFormProps } from "@conform-to/react";
import { lazy, Suspense, useId, useRef, useState } from "react";

import { ContactFields, useContactForm, type ContactProps } from "./contact-fields.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";

/** The form shown on the page itself (no JavaScript, `?contact`). */
export function ContactSellerInline(props: ContactProps) {
  const contact = useContactForm(props, props.reply?.result);
  return (
    <section
      id="contact-seller"
      aria-labelledby="contact-seller-heading"
      className="mt-5 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <h2 id="contact-seller-heading" className="text-lg font-semibold text-slate-900">
        <Rich
          message="Contact the seller about the {title}"
          values={{ title: <span translate="no">{props.title}</span> }}
        />
      </h2>
      <div className="mt-4">
        <form method="post" action={props.action} {...getFormProps(contact.form)}>
          <ContactFields props={props} contact={contact} pending={contact.pending} />
        </form>
      </div>
    </section>
  );
}

const loadDialog = () => import("./contact-seller-dialog.tsx");
const ContactSellerDialogBody = lazy(loadDialog);
const preloadDialog = () => {
  // A failed download is retried when the button is used.
  loadDialog().catch(() => undefined);
};

/** The 'Contact Seller' button and its dialog (rendered only while no request is open). */
export function ContactSellerDialog(props: ContactProps) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed), so its last reply is kept.
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  const contentId = useId();
  const t = useT();
  return (
    <>
      <AppLink
        ref={trigger}
        to={`${props.action}#contact-seller`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={(event) => {
          event.preventDefault();
          setOpened(true);
          setOpen(true);
        }}
        className="inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 sm:w-auto"
      >
        {t("Contact Seller")}
      </AppLink>
      {opened ? (
        <Suspense fallback={null}>
          <ContactSellerDialogBody
            {...props}
            dialog={{ open, onOpenChange: setOpen, contentId, trigger }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
