// What a signed-in visitor can do about a car on its page (contact its seller, save
// it, report it). Visitors never see it, so the car page loads it only for a
// signed-in viewer (browserLazy in app/routes/products/detail/route.tsx).

import type { ContactReply } from "./contact-fields.tsx";
import { ContactSellerDialog, ContactSellerInline } from "./contact-seller.tsx";
import { ReportCarButton, ReportCarInline, type ReportReply } from "./report-car.tsx";
import { SaveCarButton } from "#app/components/save-car-button.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";
import type { ListingDetail } from "#app/models/listing-detail.server.ts";
import { conversationPath } from "#app/models/conversation.ts";
import { listingPath } from "#app/models/listing.ts";
import { ORDER_MESSAGES } from "#app/models/order.ts";

/** What a signed-in visitor can do about this car: contact its seller and save it. */
export function BuyerActions({
  listing,
  viewer,
  openRequest,
  saved,
  contactOnPage,
  reply,
  reported,
  reportOnPage,
  reportReply,
}: {
  listing: NonNullable<ListingDetail>;
  viewer: { name: string; email: string };
  /** The viewer's open request for this car: its conversation. */
  openRequest: number | null;
  saved: boolean;
  contactOnPage: boolean;
  reply: ContactReply | null;
  reported: boolean;
  reportOnPage: boolean;
  reportReply: ReportReply | null;
}) {
  const t = useT();
  const own = viewer.email.toLowerCase() === listing.seller.email.toLowerCase();
  const notice = own
    ? t("This is your car. Buyers who contact you about it appear in My Buyers.")
    : listing.status === "sold"
      ? t(ORDER_MESSAGES.soldCar)
      : null;
  const contact = {
    listingId: listing.id,
    title: listing.title,
    sellerEmail: listing.seller.email,
    location: listing.location,
    buyer: { name: viewer.name, email: viewer.email },
    action: `${listingPath(listing.id)}?contact`,
    reply,
  };
  return (
    <div className="mt-5">
      {notice ? (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
          {notice}
        </p>
      ) : openRequest ? (
        <p
          role="status"
          className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-600/25"
        >
          <Rich
            message="You have contacted the seller about this car. Follow or cancel your request in {myOrders}."
            values={{
              myOrders: (
                <AppLink
                  to="/dashboard/myorders"
                  className="font-semibold underline underline-offset-2"
                >
                  {t("My Orders")}
                </AppLink>
              ),
            }}
          />
          <AppLink
            to={conversationPath(openRequest)}
            className="mt-2 flex w-fit items-center rounded-lg bg-brand-600 px-3 py-2 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t("Open your conversation with the seller")}
          </AppLink>
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {!notice && openRequest === null && !contactOnPage ? (
          <ContactSellerDialog {...contact} />
        ) : null}
        <SaveCarButton listingId={listing.id} title={listing.title} saved={saved} />
        {!own && !reported && !reportOnPage ? (
          <ReportCarButton path={listingPath(listing.id)} title={listing.title} />
        ) : null}
      </div>
      {!notice && openRequest === null && contactOnPage ? (
        <ContactSellerInline {...contact} />
      ) : null}
      {!own && reported ? (
        <p className="mt-3 text-sm text-slate-600">
          {t("You reported this car to the admins. Thank you: they will look at it.")}
        </p>
      ) : null}
      {!own && !reported && reportOnPage ? (
        <ReportCarInline path={listingPath(listing.id)} title={listing.title} reply={reportReply} />
      ) : null}
    </div>
  );
}
