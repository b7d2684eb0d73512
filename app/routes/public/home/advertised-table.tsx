// The home page's table of advertised cars: every column of spec §2.
import { CarPhoto, DetailsLink } from "#app/components/listing-tables.tsx";
import {
  SellerAvatar,
  StatusBadge,
  VerifiedBadge,
} from "#app/components/listing-bits/listing-bits.tsx";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { Price } from "#app/components/price.tsx";
import { type ListingRow } from "#app/models/listing.ts";

/** An email that wraps after the @ rather than mid-word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf("@");
  return (
    <span className="text-xs text-slate-600 max-md:break-all">
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
  const columns: Column<ListingRow>[] = [
    { header: "Image", mobileLabel: false, cell: (row) => <CarPhoto row={row} size="banner" /> },
    {
      header: "Car",
      cell: (row) => <span className="font-semibold text-slate-900">{row.title}</span>,
    },
    {
      header: "Price",
      cell: (row) => (
        <span className="font-semibold whitespace-nowrap text-brand-700">
          <Price cents={row.resalePrice} />
        </span>
      ),
    },
    {
      header: "Seller",
      cell: (row) => (
        <span className="flex items-center gap-2">
          <SellerAvatar seller={row.seller} size={32} />
          <span className="flex flex-col items-start gap-0.5 max-md:flex-row max-md:items-center max-md:gap-2">
            <span className="font-medium whitespace-nowrap text-slate-900">{row.seller.name}</span>
            {row.seller.verified ? <VerifiedBadge note={row.seller.verification ?? null} /> : null}
          </span>
        </span>
      ),
    },
    {
      header: "Email",
      cell: (row) => <EmailText email={row.seller.email} />,
    },
    { header: "Category", cell: (row) => row.category.name },
    {
      header: "Location",
      cell: (row) => <span className="md:whitespace-nowrap">{row.location}</span>,
    },
    { header: "Quality", cell: (row) => row.quality },
    { header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
    { header: "Details", cell: (row) => <DetailsLink row={row} /> },
  ];
  return <DataTable caption="Advertised cars" columns={columns} rows={rows} />;
}
