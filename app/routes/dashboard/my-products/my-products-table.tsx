// The seller's My Products table (spec §2): Car, Seller, Category & Location,
// Details, Delete, Edit, Change Status, Advertise, plus how fresh each listing is
// (DESIGN decision 21). On phones every row becomes a labelled card.
import { useState } from "react";
import { useFormAction } from "react-router";

import { ConfirmDialog, DeleteDialog, Spinner } from "#app/components/confirm-dialog.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { SellerIdentity, StatusBadge } from "#app/components/listing-bits/listing-bits.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { CarLink, CarThumb, categoryAndLocation } from "#app/components/listing-tables.tsx";
import {
  accentButton,
  disabledButton,
  outlineButton,
  primaryButton,
  smallButton,
} from "#app/components/ui/buttons.ts";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { useFetcherOnDemand } from "#app/components/use-fetcher-on-demand.tsx";
import { Price } from "#app/components/price.tsx";
import { useSite } from "#app/components/use-site.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";
import {
  daysSince,
  daysUntilHidden,
  isStale,
  needsConfirmationSoon,
} from "#app/models/freshness.ts";
import { LISTING_STATUSES } from "#app/models/listing-choices.ts";
import {
  LISTING_STATUS_LABEL,
  listingPath,
  type ListingStatus,
  type SellerSummary,
} from "#app/models/listing.ts";
import type { MyListingRow } from "#app/models/listing-manage.server.ts";

/** The spec's confirm text, used for both delete and status change (spec §8). */
export const REMOVE_CONFIRM_TEXT = msg("Sure? Your product will be removed from our website.");

export function editListingPath(id: number): string {
  return `/dashboard/productDetails/editProduct/${id}`;
}

function CarCell({ row, now, action }: { row: MyListingRow; now: string; action: string }) {
  const { freshDays } = useSite();
  const t = useT();
  const stale = isStale(row, now, freshDays);
  const soon = needsConfirmationSoon(row, now, freshDays);
  const daysLeft = daysUntilHidden(row.confirmedAt, now, freshDays);
  return (
    <div className="flex min-w-0 items-start gap-3 md:min-w-64">
      <CarThumb src={row.photo?.small} photo={row.photo} box="h-16 w-24" />
      <div className="min-w-0 flex-1">
        <CarLink car={row} />
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-brand-700">
            <Price cents={row.resalePrice} />
          </span>
          <StatusBadge status={row.status} />
        </p>
        <p className="mt-1 text-xs text-slate-600">
          {t("{days, plural, =0 {Listed today} one {Listed # day ago} other {Listed # days ago}}", {
            days: daysSince(row.createdAt, now),
          })}
        </p>
        {row.status === "available" ? (
          <p className={`text-xs ${stale ? "font-semibold text-amber-800" : "text-slate-600"}`}>
            {t(
              "{days, plural, =0 {Confirmed available today} one {Confirmed available # day ago} other {Confirmed available # days ago}}",
              { days: daysSince(row.confirmedAt, now) },
            )}
          </p>
        ) : null}
        {stale ? (
          <p className="mt-1.5 rounded-md bg-amber-50 px-2 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/30">
            {t("Hidden from the public lists until you confirm it is still for sale.")}
          </p>
        ) : soon ? (
          <p className="mt-1.5 text-xs font-medium text-amber-800">
            {t(
              "{days, plural, one {Leaves the public lists in # day unless confirmed.} other {Leaves the public lists in # days unless confirmed.}}",
              { days: daysLeft },
            )}
          </p>
        ) : null}
        {row.status === "available" ? (
          <StillForSale row={row} urgent={stale || soon} action={action} />
        ) : null}
      </div>
    </div>
  );
}

/** One click: the car is still for sale (intent confirm). */
function StillForSale({
  row,
  urgent,
  action,
}: {
  row: MyListingRow;
  urgent: boolean;
  action: string;
}) {
  const fetcher = useFetcherOnDemand();
  const t = useT();
  const pending = fetcher.pending;
  return (
    <form
      method="post"
      action={action}
      className={urgent ? "mt-2" : "mt-1"}
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) fetcher.submit(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="id" value={row.id} />
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        aria-label={t("Confirm {title} is still for sale", { title: row.title })}
        className={
          urgent
            ? `${smallButton} bg-amber-500 text-slate-900 hover:bg-amber-400`
            : "inline-flex items-center gap-1.5 rounded text-xs font-semibold text-brand-700 underline-offset-2 hover:underline disabled:cursor-wait"
        }
      >
        {pending ? <Spinner /> : null}
        {pending ? t("Confirming…") : t("Still for sale")}
      </button>
      {fetcher.runner}
    </form>
  );
}

function DeleteControl({ row, action }: { row: MyListingRow; action: string }) {
  const t = useT();
  return (
    <DeleteDialog
      action={action}
      id={row.id}
      name={row.title}
      message={t(REMOVE_CONFIRM_TEXT)}
      detail={t(
        "Its photos, and any orders, reports and wishlist entries for it, are deleted too. This can't be undone.",
      )}
    />
  );
}

const STATUS_DETAIL: Record<ListingStatus, string> = {
  sold: msg(
    "Marking it Sold takes it off the home page and the public lists. Its own page stays, marked Sold, and you can mark it Available again.",
  ),
  available: msg(
    "Marking it Available puts it back in the public lists, and counts as confirming it is still for sale.",
  ),
};

function StatusControl({ row, action }: { row: MyListingRow; action: string }) {
  const t = useT();
  const [choice, setChoice] = useState<ListingStatus>(row.status);
  // After a save the page reloads its data: show the stored value. The select
  // itself stays mounted, so focus can return to it when the dialog closes.
  const [saved, setSaved] = useState<ListingStatus>(row.status);
  if (saved !== row.status) {
    setSaved(row.status);
    setChoice(row.status);
  }
  const selectId = `status-${row.id}`;
  return (
    <ConfirmDialog
      action={action}
      fields={{ intent: "status", id: String(row.id) }}
      title={t("Mark {title} as {status}?", {
        title: row.title,
        status: t(LISTING_STATUS_LABEL[choice]),
      })}
      message={t(REMOVE_CONFIRM_TEXT)}
      detail={t(STATUS_DETAIL[choice])}
      confirmLabel={t("Yes, mark {status}", { status: t(LISTING_STATUS_LABEL[choice]) })}
      pendingLabel={t("Saving…")}
      onCancel={() => setChoice(row.status)}
      className="flex items-center gap-2"
    >
      {({ ask, pending }) => (
        <>
          <label htmlFor={selectId} className="sr-only">
            {t("Status of {title}", { title: row.title })}
          </label>
          <select
            id={selectId}
            name="status"
            value={choice}
            disabled={pending}
            onChange={(event) => {
              const next = event.currentTarget.value as ListingStatus;
              setChoice(next);
              if (next !== row.status) ask();
            }}
            className="rounded-lg border-0 bg-white py-2 pe-8 ps-3 text-sm font-medium text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 disabled:opacity-60"
          >
            {LISTING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(LISTING_STATUS_LABEL[status])}
              </option>
            ))}
          </select>
          {pending ? <Spinner className="text-brand-700" /> : null}
          <noscript>
            <button type="submit" className={outlineButton}>
              {t("Save")}
            </button>
          </noscript>
        </>
      )}
    </ConfirmDialog>
  );
}

function AdvertiseControl({ row, action }: { row: MyListingRow; action: string }) {
  const { freshDays } = useSite();
  const t = useT();
  if (row.advertised || row.status !== "available") {
    return (
      <span className="flex flex-col items-start gap-1 max-md:items-end">
        <button type="button" disabled className={disabledButton}>
          {row.advertised ? t("Advertised") : t("Advertise")}
        </button>
        {row.status !== "available" ? (
          <span className="text-xs text-slate-600">
            {row.advertised ? t("Paused while sold") : t("Available cars only")}
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <ConfirmDialog
      action={action}
      fields={{ intent: "advertise", id: String(row.id) }}
      title={t("Advertise {title} on the home page?", { title: row.title })}
      message={t(
        "It joins the table 'Here Are Some Best Products' on the home page, labelled as advertised by its seller.",
      )}
      detail={t(
        "{freshDays, plural, one {When more cars are advertised than the table holds, they take turns day by day. An advertisement can't be withdrawn; it pauses while the car is sold or not confirmed for # day.} other {When more cars are advertised than the table holds, they take turns day by day. An advertisement can't be withdrawn; it pauses while the car is sold or not confirmed for # days.}}",
        { freshDays },
      )}
      confirmLabel={t("Yes, advertise")}
      pendingLabel={t("Advertising…")}
      trigger={t("Advertise")}
      triggerLabel={t("Advertise {title}", { title: row.title })}
      triggerClassName={accentButton}
    />
  );
}

/** On phones, Details, Delete and Edit sit side by side: their buttons name themselves. */
const PHONE_BUTTON_ROW = {
  mobileLabel: false,
  className: "max-md:mt-2 max-md:me-2 max-md:inline-flex! max-md:py-0!",
} as const;

export function MyProductsTable({
  seller,
  rows,
  now,
  caption,
}: {
  /** The page's seller: the same on every row. */
  seller: SellerSummary;
  rows: MyListingRow[];
  /** The server's time, so the "N days ago" lines match on server and browser. */
  now: string;
  caption: string;
}) {
  // Every row's forms post to this page: its address is resolved once, not per form.
  const action = useFormAction();
  const t = useT();
  const columns: Column<MyListingRow>[] = [
    {
      header: t("Car"),
      mobileLabel: false,
      cell: (row) => <CarCell row={row} now={now} action={action} />,
    },
    {
      header: t("Seller"),
      cell: () => <SellerIdentity seller={seller} explainBadge={false} />,
    },
    categoryAndLocation,
    {
      header: t("Details"),
      ...PHONE_BUTTON_ROW,
      cell: (row) => (
        <AppLink
          to={listingPath(row.id)}
          prefetch="intent"
          aria-label={t("Details of {title}", { title: row.title })}
          className={primaryButton}
        >
          {t("Details")}
          <ArrowRightIcon className="size-3.5" />
        </AppLink>
      ),
    },
    {
      header: t("Delete"),
      ...PHONE_BUTTON_ROW,
      cell: (row) => <DeleteControl row={row} action={action} />,
    },
    {
      header: t("Edit"),
      ...PHONE_BUTTON_ROW,
      cell: (row) => (
        <AppLink
          to={editListingPath(row.id)}
          aria-label={t("Edit {title}", { title: row.title })}
          className={outlineButton}
        >
          {t("Edit")}
        </AppLink>
      ),
    },
    {
      header: t("Change Status"),
      cell: (row) => <StatusControl row={row} action={action} />,
    },
    { header: t("Advertise"), cell: (row) => <AdvertiseControl row={row} action={action} /> },
  ];
  return <DataTable caption={caption} columns={columns} rows={rows} />;
}
