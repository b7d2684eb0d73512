// The home page's table of advertised cars: every column of spec §2.
import { CarPhoto, DetailsLink } from "#app/components/listing-tables.tsx";
import {
  SellerAvatar,
  StatusBadge,
  VerifiedBadge,
} from "#app/components/listing-bits/listing-bits.tsx";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { Price } from "#app/components/price.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { type ListingRow } from "#app/models/listing.ts";

/** An email that wraps after the @ rather than mid-word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf("@");
  return (
    <span translate="no" className="text-xs text-slate-600 max-md:break-all">
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </span>
  );
}

/** The home page's "Here Are Some Best Products" table, with every column of spec §2. */
export function AdvertisedTable({ rows }: { rows: ListingRow[] }) {
  const t = useT();
  const columns: Column<ListingRow>[] = [
    {
      header: t("Image"),
      mobileLabel: false,
      cell: (row) => <CarPhoto row={row} size="banner" />,
    },
    {
      header: t("Car"),
      cell: (row) => (
        <span translate="no" className="font-semibold text-slate-900">
          {row.title}
        </span>
      ),
    },
    {
      header: t("Price"),
      cell: (row) => (
        <span className="font-semibold whitespace-nowrap text-brand-700">
          <Price cents={row.resalePrice} />
        </span>
      ),
    },
    {
      header: t("Seller"),
      cell: (row) => (
        <span className="flex items-center gap-2">
          <SellerAvatar seller={row.seller} size={32} />
          <span className="flex flex-col items-start gap-0.5 max-md:flex-row max-md:items-center max-md:gap-2">
            <span translate="no" className="font-medium whitespace-nowrap text-slate-900">
              {row.seller.name}
            </span>
            {row.seller.verified ? <VerifiedBadge note={row.seller.verification ?? null} /> : null}
          </span>
        </span>
      ),
    },
    {
      header: t("Email"),
      cell: (row) => <EmailText email={row.seller.email} />,
    },
    { header: t("Category"), cell: (row) => <span translate="no">{row.category.name}</span> },
    {
      header: t("Location"),
      cell: (row) => (
        <span translate="no" className="md:whitespace-nowrap">
          {row.location}
        </span>
      ),
    },
    { header: t("Quality"), cell: (row) => t(row.quality) },
    { header: t("Status"), cell: (row) => <StatusBadge status={row.status} /> },
    { header: t("Details"), cell: (row) => <DetailsLink row={row} /> },
  ];
  return <DataTable caption={t("Advertised cars")} columns={columns} rows={rows} />;
}
