// My Buyers (spec §2): who asked to be contacted about the seller's cars. The list
// holds names and cars only; a buyer's email, phone and meeting place are loaded
// for one open request at a time, for the seller of that car (DESIGN decision 22).
import { data } from "react-router";

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
import { servicesOf } from "#app/services/app-context.server.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => [
  titleOf(matches, "My Buyers"),
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.myBuyers);
  const { db } = servicesOf(context);
  const wanted = url.searchParams.get("contact");
  const [buyers, contact] = await Promise.all([
    findMyBuyers(db, viewer.id, parsePage(url.searchParams.get("page"))),
    wanted === null ? null : getBuyerContact(db, viewer.id, parseId(wanted) ?? 0),
  ]);
  if (wanted !== null && !contact) {
    throw data("This request is not open, or it is not for one of your cars.", { status: 404 });
  }
  return { ...buyers, contact };
}

type BuyerRow = Awaited<ReturnType<typeof loader>>["rows"][number];

export default function MyBuyers({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, contact } = loaderData;
  const pageQuery = page > 1 ? `?page=${page}` : "";
  const columns: Column<BuyerRow>[] = [
    {
      header: "Buyer Name",
      cell: (row) => <span className="font-semibold text-slate-900">{row.buyerName}</span>,
    },
    {
      header: "Ordered Product",
      cell: (row) => (
        <CarLink
          car={{ id: row.listingId, title: row.listingTitle }}
          className="font-medium text-brand-700 hover:underline max-md:text-end"
        />
      ),
    },
    {
      header: "Contact",
      cell: (row) => (
        <AppLink
          id={`contact-${row.id}`}
          to={`?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), contact: String(row.id) })}`}
          preventScrollReset
          aria-haspopup="dialog"
          className="inline-flex items-center rounded-lg bg-brand-600 px-3 py-2 text-xs font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-700"
        >
          Contact Buyer<span className="sr-only"> {row.buyerName}</span>
        </AppLink>
      ),
    },
  ];
  return (
    <DashboardListPage
      title="My Buyers"
      intro={
        rows.length > 0
          ? "People who asked you to contact them about your cars. Their details stay visible here while the request is open."
          : undefined
      }
    >
      {rows.length === 0 ? (
        <EmptyList message="Sorry, No one have ordered your product." />
      ) : (
        <PagedTable
          caption="Buyers who contacted you"
          columns={columns}
          rows={rows}
          page={page}
          pageCount={pageCount}
        />
      )}
      {contact ? (
        <UrlDialog
          title="Buyers Contact Information"
          description={`${contact.buyerName} asked about your ${contact.listingTitle}.`}
          closeTo={pageQuery || "."}
          returnFocusTo={`contact-${contact.orderId}`}
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="font-medium text-slate-600">Email</dt>
            <dd className="break-all text-slate-900">
              <a
                href={`mailto:${contact.email}`}
                className="font-semibold text-brand-700 hover:underline"
              >
                {contact.email}
              </a>
            </dd>
            <dt className="font-medium text-slate-600">Phone number</dt>
            <dd className="text-slate-900">
              <a
                href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}
                className="font-semibold text-brand-700 hover:underline"
              >
                {contact.phone}
              </a>
            </dd>
            <dt className="font-medium text-slate-600">Where to meet</dt>
            <dd className="text-slate-900">{contact.meetingLocation}</dd>
          </dl>
        </UrlDialog>
      ) : null}
    </DashboardListPage>
  );
}
