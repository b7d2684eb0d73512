import { Fragment, type ReactNode } from "react";

import { CompareToggle } from "#app/components/compare-tray/compare-tray.tsx";
import { Price } from "#app/components/price.tsx";
import { useSite } from "#app/components/use-site.ts";
import { formatMileage, formatPrice } from "#app/models/listing.ts";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { SellerIdentity, StatusBadge } from "#app/components/listing-bits/listing-bits.tsx";
import { ListingPicture } from "#app/components/listing-picture.tsx";
import { PhotoViewer } from "#app/components/photo-viewer/photo-viewer.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { primaryButton } from "#app/components/ui/buttons.ts";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { loadWhenShown } from "#app/components/ui/load-when-shown.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";
import { listingPath, type CarFacts, type ListingRow } from "#app/models/listing.ts";

// Save buttons are for signed-in people: a visitor's car list does not download them.
const SaveCarButton = loadWhenShown(() =>
  import("#app/components/save-car-button.tsx").then((m) => m.SaveCarButton),
);

/** "2019 · 45,000 km · Diesel · Manual" under a search result's name. */
/** "Reduced by 1,000$ · 3 days ago": a price that fell in the last 30 days (issue 28). */
export function PriceCut({ cut }: { cut: NonNullable<ListingRow["priceCut"]> }) {
  const t = useT();
  const price = useSite().price;
  return (
    <span className="block text-xs font-medium text-emerald-700">
      {t(
        "{days, plural, =0 {Reduced by {amount} · today} one {Reduced by {amount} · # day ago} other {Reduced by {amount} · # days ago}}",
        {
          days: cut.days,
          amount: formatPrice(cut.amount, price),
        },
      )}
    </span>
  );
}

function FactsLine({ facts }: { facts: CarFacts }) {
  const site = useSite();
  const t = useT();
  const parts: ReactNode[] = [
    facts.year === null ? null : String(facts.year),
    // A distance keeps its unit as written (km, mi): not for translating.
    facts.mileageKm === null ? null : (
      <span translate="no">{formatMileage(facts.mileageKm, site.distanceUnit, site.price)}</span>
    ),
    // The fuel and the gearbox are the form's choices (app/models/listing.ts).
    facts.fuel && t(facts.fuel),
    facts.transmission && t(facts.transmission),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  // Neighbouring words joined into one text: each text React writes apart from the last
  // is a text node and a comment, and a list has a line like this on every row.
  const children: ReactNode[] = [];
  let text = "";
  parts.forEach((part, index) => {
    if (index > 0) text += " · ";
    if (typeof part === "string") {
      text += part;
      return;
    }
    if (text) children.push(text);
    text = "";
    children.push(<Fragment key={index}>{part}</Fragment>);
  });
  if (text) children.push(text);
  return <span className="block text-xs text-slate-600">{children}</span>;
}

export function CarPhoto({ row, size }: { row: ListingRow; size: "sm" | "md" | "banner" }) {
  const t = useT();
  const box = {
    sm: "h-14 w-20",
    md: "h-16 w-24",
    // A wide picture on top of the phone card, a thumbnail in the desktop table.
    banner: "aspect-[16/10] w-full md:aspect-auto md:h-16 md:w-24",
  }[size];
  if (!row.photo) return <span className={`${box} block shrink-0 rounded-lg bg-slate-200`} />;
  return (
    <PhotoViewer
      photos={[row.photo]}
      title={row.title}
      label={t("Open the photo of {title}", { title: row.title })}
      className={`group relative block ${box} shrink-0 overflow-hidden rounded-lg bg-slate-200`}
    >
      <ListingPicture
        photo={row.photo}
        alt=""
        sizes={size === "banner" ? "(min-width: 768px) 96px, 100vw" : "96px"}
        className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
      />
    </PhotoViewer>
  );
}

/** A car's first photo as a still thumbnail (`box` sizes it), or a grey box without one. */
export function CarThumb({
  src,
  photo,
  box,
}: {
  src?: string;
  photo?: { width: number; height: number } | null;
  box: string;
}) {
  if (!photo || !src) return <span className={`${box} block shrink-0 rounded-lg bg-slate-200`} />;
  return (
    <img
      src={src}
      alt=""
      width={photo.width}
      height={photo.height}
      loading="lazy"
      decoding="async"
      className={`${box} shrink-0 rounded-lg bg-slate-200 object-cover`}
    />
  );
}

/** The "Category & Location" column of a table of cars (DataTable translates its header). */
export const categoryAndLocation: Column<{ category: { name: string }; location: string }> = {
  header: msg("Category & Location"),
  cell: (row) => <CategoryAndLocation category={row.category.name} location={row.location} />,
};

/** A car's category (an admin's name for it) and where it is (its seller's words). */
export function CategoryAndLocation({
  category,
  location,
}: {
  category: string;
  location: string;
}) {
  return (
    <span className="max-md:text-end">
      <span translate="no" className="block font-medium text-slate-900">
        {category}
      </span>
      <span translate="no" className="text-slate-600">
        {location}
      </span>
    </span>
  );
}

export function DetailsLink({ row }: { row: ListingRow }) {
  const t = useT();
  return (
    <AppLink to={listingPath(row.id)} prefetch="intent" className={primaryButton}>
      {t("Details")}
      {/* One text, as before translation: no separator between " " and the words. */}
      <span className="sr-only">{` ${t("of {title}", { title: row.title })}`}</span>
      <ArrowRightIcon className="size-3.5" />
    </AppLink>
  );
}

/** Category and all-cars pages: Car, Seller, Category & Location, Status, Details. */
export function ListingTable({
  rows,
  caption,
  saved = null,
  compareIds,
}: {
  rows: ListingRow[];
  caption: string;
  /** The ids the signed-in visitor saved; null (a visitor) shows no save buttons. */
  saved?: number[] | null;
  /** When given, each row gets a Compare button (these ids are the page's `compare` parameter). */
  compareIds?: readonly number[];
}) {
  const t = useT();
  const columns: Column<ListingRow>[] = [
    {
      header: t("Car"),
      mobileLabel: false,
      cell: (row) => (
        <span className="flex min-w-0 items-center gap-3">
          <CarPhoto row={row} size="sm" />
          <span className="min-w-0">
            <CarLink car={row} />
            <span className="font-semibold text-brand-700">
              <Price cents={row.resalePrice} />
            </span>
            {row.priceCut ? <PriceCut cut={row.priceCut} /> : null}
            {row.facts ? <FactsLine facts={row.facts} /> : null}
          </span>
        </span>
      ),
    },
    { header: t("Seller"), cell: (row) => <SellerIdentity seller={row.seller} /> },
    categoryAndLocation,
    { header: t("Status"), cell: (row) => <StatusBadge status={row.status} /> },
    {
      header: t("Details"),
      cell: (row) =>
        compareIds ? (
          <span className="flex flex-wrap items-center gap-2 max-md:justify-end">
            <DetailsLink row={row} />
            <CompareToggle listingId={row.id} title={row.title} urlIds={compareIds} />
          </span>
        ) : (
          <DetailsLink row={row} />
        ),
    },
    ...(saved
      ? [
          {
            header: t("Save"),
            cell: (row: ListingRow) => (
              <SaveCarButton
                listingId={row.id}
                title={row.title}
                saved={saved.includes(row.id)}
                compact
              />
            ),
          },
        ]
      : []),
  ];
  return <DataTable caption={caption} columns={columns} rows={rows} />;
}

/** A car's name linking to its page, loaded ahead when the pointer rests on it. */
export function CarLink({
  car,
  className = "block font-semibold text-slate-900 hover:text-brand-700",
}: {
  car: { id: number; title: string };
  className?: string;
}) {
  return (
    <AppLink to={listingPath(car.id)} prefetch="intent" translate="no" className={className}>
      {car.title}
    </AppLink>
  );
}
