// The 'Contact Seller' dialog (contact-seller.tsx loads this module on demand):
// the form posts through a fetcher, so field errors show in place.
import { getFormProps } from "@conform-to/react";
import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher } from "react-router";

import {
  ContactFields,
  useContactForm,
  type ContactProps,
  type ContactReply,
} from "./contact-fields.tsx";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";
import { FormDialogFrame, type DialogControl } from "#app/components/ui/form-dialog-frame.tsx";

export default function ContactSellerDialogBody({
  dialog,
  ...props
}: ContactProps & { dialog: DialogControl }) {
  const t = useT();
  const fetcher = useFetcher<ContactReply>();
  const pending = fetcher.state !== "idle";
  const contact = useContactForm(props, fetcher.data?.result);
  // A refusal from the server (own car, sold, already requested) also toasts (spec §8):
  // useSchemaForm says it, so the frame is not given it a second time.
  // Success redirects back here with a flash toast; the page then shows that the
  // request was sent instead of the button, which closes the dialog.
  return (
    <FormDialogFrame {...dialog} pending={pending} formError={undefined}>
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="text-lg font-semibold text-slate-900">
          {t("Contact the seller")}
        </Dialog.Title>
        <Dialog.Close
          className="-mt-1 -me-2 rounded-lg px-2 py-1 text-sm font-semibold text-slate-600 hover:bg-slate-100"
          disabled={pending}
        >
          {t("Close")}
        </Dialog.Close>
      </div>
      <Dialog.Description className="mt-1 text-sm text-slate-600">
        <Rich
          message="The seller of the {title} gets your name, email, phone number and where you would like to meet, and will contact you."
          values={{ title: <span translate="no">{props.title}</span> }}
        />
      </Dialog.Description>
      <div className="mt-4">
        <fetcher.Form method="post" action={props.action} {...getFormProps(contact.form)}>
          <ContactFields props={props} contact={contact} pending={pending} />
        </fetcher.Form>
      </div>
    </FormDialogFrame>
  );
}
