// My Buyers (spec §2): who asked to be contacted about the seller's cars. The list
// holds names and cars only; a buyer's email, phone and meeting place are loaded
// for one open request at a time, for the seller of that car (DESIGN decision 22).
import { data } from "react-router";

import { Rich, translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { titleOf } from "#app/models/seo.ts";
import { DashboardListPage, EmptyList } from "#app/components/car-requests-table.tsx";
import { CarLink } from "#app/components/listing-tables.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { type Column } from "#app/components/ui/data-table.tsx";
import { PagedTable } from "#app/components/ui/paged-table.tsx";
import { UrlDialog } from "./url-dialog.tsx";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parseId, parsePage } from "#app/models/id.ts";
import { findMyBuyers, getBuyerContact } from "#app/models/order.server.ts";
import { unreadOf } from "#app/models/inbox.server.ts";
import { ConversationLink } from "#app/components/conversation-link.tsx";
import { servicesOf } from "#app/services/app-context.server.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return [titleOf(matches, t("My Buyers")), { name: "robots", content: "noindex" }];
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.myBuyers);
  const { db } = servicesOf(context);
  const wanted = url.searchParams.get("contact");
  const [buyers, contact] = await Promise.all([
    findMyBuyers(db, viewer.id, parsePage(url.searchParams.get("page"))),
    wanted === null ? null : getBuyerContact(db, viewer.id, parseId(wanted) ?? 0),
  ]);
  if (wanted !== null && !contact) {
    const { t } = translatorFor(context);
    throw data(t("This request is not open, or it is not for one of your cars."), { status: 404 });
  }
  const unread = await unreadOf(
    db,
    viewer.id,
    buyers.rows.map((row) => row.id),
  );
  return {
    ...buyers,
    contact,
    unread: Object.fromEntries(unread),
    words: pageWords(context, "dashboard"),
  };
}

type BuyerRow = Awaited<ReturnType<typeof loader>>["rows"][number];

export default function MyBuyers({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, contact, unread } = loaderData;
  const t = useT();
  const pageQuery = page > 1 ? `?page=${page}` : "";
  const columns: Column<BuyerRow>[] = [
    {
      header: t("Buyer Name"),
      cell: (row) => (
        <span className="font-semibold text-slate-900" translate="no">
          {row.buyerName}
        </span>
      ),
    },
    {
      header: t("Ordered Product"),
      cell: (row) => (
        <CarLink
          car={{ id: row.listingId, title: row.listingTitle }}
          className="font-medium text-brand-700 hover:underline max-md:text-end"
        />
      ),
    },
    {
      header: t("Contact"),
      cell: (row) => (
        <AppLink
          id={`contact-${row.id}`}
          to={`?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), contact: String(row.id) })}`}
          preventScrollReset
          aria-haspopup="dialog"
          className="inline-flex items-center rounded-lg bg-brand-600 px-3 py-2 text-xs font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-700"
        >
          {t("Contact Buyer")}
          <span className="sr-only" translate="no">
            {" "}
            {row.buyerName}
          </span>
        </AppLink>
      ),
    },
    {
      header: t("Conversation"),
      cell: (row) => <ConversationLink orderId={row.id} unread={unread[row.id] ?? 0} />,
    },
  ];
  return (
    <DashboardListPage
      title={t("My Buyers")}
      intro={
        rows.length > 0
          ? t(
              "People who asked you to contact them about your cars. Their details stay visible here while the request is open.",
            )
          : undefined
      }
    >
      {rows.length === 0 ? (
        <EmptyList message={t("Sorry, No one have ordered your product.")} />
      ) : (
        <PagedTable
          caption={t("Buyers who contacted you")}
          columns={columns}
          rows={rows}
          page={page}
          pageCount={pageCount}
        />
      )}
      {contact ? (
        <UrlDialog
          title={t("Buyers Contact Information")}
          description={
            <Rich
              message="{buyer} asked about your {car}."
              values={{
                buyer: <span translate="no">{contact.buyerName}</span>,
                car: <span translate="no">{contact.listingTitle}</span>,
              }}
            />
          }
          closeTo={pageQuery || "."}
          returnFocusTo={`contact-${contact.orderId}`}
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="font-medium text-slate-600">{t("Email")}</dt>
            <dd className="break-all text-slate-900" translate="no">
              <a
                href={`mailto:${contact.email}`}
                dir="ltr"
                className="font-semibold text-brand-700 hover:underline"
              >
                {contact.email}
              </a>
            </dd>
            <dt className="font-medium text-slate-600">{t("Phone number")}</dt>
            <dd className="text-slate-900" translate="no">
              <a
                href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}
                dir="ltr"
                className="font-semibold text-brand-700 hover:underline"
              >
                {contact.phone}
              </a>
            </dd>
            <dt className="font-medium text-slate-600">{t("Where to meet")}</dt>
            <dd className="text-slate-900" translate="no">
              {contact.meetingLocation}
            </dd>
          </dl>
        </UrlDialog>
      ) : null}
    </DashboardListPage>
  );
}
