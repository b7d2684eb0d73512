// Tables of cars a person follows: My Orders (contact requests) and My Wishlist.
// A car that was sold or removed stays listed and says so, in words.
import type { ReactNode } from "react";

import {
  CarLink,
  CarPhoto,
  CarThumb,
  CategoryAndLocation,
  DetailsLink,
} from "#app/components/listing-tables.tsx";
import { SellerIdentity, StatusBadge } from "#app/components/listing-bits/listing-bits.tsx";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";
import type { FollowedCar } from "#app/models/followed-car.ts";
import { Price } from "#app/components/price.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";

/** The row's note ("Sold", "No longer listed"…): a catalogue message or the reader's words. */
function CarCell({ row }: { row: FollowedCar }) {
  const t = useT();
  if (!row.car) {
    return (
      <span className="flex min-w-0 items-center gap-3">
        <CarThumb box="h-14 w-20" />
        <span className="min-w-0">
          <span translate="no" className="block font-semibold text-slate-900">
            {row.title}
          </span>
          {row.note ? <span className="block text-xs text-amber-800">{t(row.note)}</span> : null}
        </span>
      </span>
    );
  }
  return (
    <span className="flex min-w-0 items-center gap-3">
      <CarPhoto row={row.car} size="sm" />
      <span className="min-w-0">
        <CarLink car={row.car} />
        <span className="font-semibold text-brand-700">
          <Price cents={row.car.resalePrice} />
        </span>
        {row.note ? (
          <span className="block text-xs font-medium text-amber-800">{t(row.note)}</span>
        ) : null}
      </span>
    </span>
  );
}

const gone = <span className="text-slate-500">—</span>;

/**
 * Car, Seller, Category & Location, (Status), Details and the row's own action
 * (Delete for orders, Remove for the wishlist).
 */
export function CarRequestsTable({
  caption,
  rows,
  withStatus,
  actionHeader,
  action,
}: {
  caption: string;
  rows: FollowedCar[];
  withStatus: boolean;
  actionHeader: string;
  action: (row: FollowedCar) => ReactNode;
}) {
  const t = useT();
  const columns: Column<FollowedCar>[] = [
    { header: t("Car"), mobileLabel: false, cell: (row) => <CarCell row={row} /> },
    {
      header: t("Seller"),
      cell: (row) => (row.car ? <SellerIdentity seller={row.car.seller} /> : gone),
    },
    {
      header: t("Category & Location"),
      cell: (row) =>
        row.car ? (
          <CategoryAndLocation category={row.car.category.name} location={row.car.location} />
        ) : (
          gone
        ),
    },
    ...(withStatus
      ? [
          {
            header: t("Status"),
            cell: (row: FollowedCar) =>
              row.car ? (
                <StatusBadge status={row.car.status} />
              ) : (
                <span className="text-xs font-semibold text-slate-600">{t("Removed")}</span>
              ),
          },
        ]
      : []),
    { header: t("Details"), cell: (row) => (row.car ? <DetailsLink row={row.car} /> : gone) },
    { header: actionHeader, cell: action },
  ];
  return <DataTable caption={caption} columns={columns} rows={rows} />;
}

/**
 * The friendly page frame every list of the dashboard shares: heading, intro, body. The
 * texts (and EmptyList's) are catalogue messages or already the reader's words.
 */
export function DashboardListPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(title)}</h1>
      {intro ? (
        <p className="mt-2 max-w-3xl text-slate-600">
          {typeof intro === "string" ? t(intro) : intro}
        </p>
      ) : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** What a list shows when it has nothing in it. */
export function EmptyList({ message, children }: { message: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <p className="text-lg font-semibold text-slate-900">{t(message)}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}
