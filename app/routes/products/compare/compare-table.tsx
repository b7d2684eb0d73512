// Cars side by side: one column per car, one row per fact. Rows whose values
// differ are highlighted, and the best price, mileage and year are marked.
import { useSite } from "#app/components/use-site.ts";
import type { PublicSite } from "#app/models/site.ts";
import type { ReactNode } from "react";

import { VerifiedBadge } from "#app/components/listing-bits/listing-bits.tsx";
import { ListingPicture } from "#app/components/listing-picture.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import {
  formatMileage,
  formatPrice,
  LISTING_STATUS_LABEL,
  listingPath,
  usageLine,
  type CarFacts,
  type ListingStatus,
  type PhotoUrls,
  type Quality,
} from "#app/models/listing.ts";
import { type PeriodUnit, type YearsUsed } from "#app/models/listing-choices.ts";
import { compareHref } from "#app/models/search-compare.ts";

export type ComparedCar = CarFacts & {
  id: number;
  title: string;
  resalePrice: number;
  originalPrice: number;
  location: string;
  quality: Quality;
  status: ListingStatus;
  yearsUsed: YearsUsed;
  periodAmount: number | null;
  periodUnit: PeriodUnit | null;
  colour: string | null;
  categoryName: string;
  sellerName: string;
  sellerVerified: boolean;
  photo: PhotoUrls | null;
};

type Fact = {
  label: string;
  /** The fact as text, written the site's way (prices, distances). */
  text: (car: ComparedCar, site: PublicSite) => string;
  show?: (car: ComparedCar) => ReactNode;
  /** Which car is best on this row: the lowest or highest number. */
  best?: { value: (car: ComparedCar) => number | null; prefer: "low" | "high"; label: string };
};

const FACTS: Fact[] = [
  {
    label: "Price",
    text: (car, site) => formatPrice(car.resalePrice, site.price),
    best: { value: (car) => car.resalePrice, prefer: "low", label: "Lowest price" },
  },
  { label: "Original price", text: (car, site) => formatPrice(car.originalPrice, site.price) },
  {
    label: "Year",
    text: (car) => (car.year === null ? "—" : String(car.year)),
    best: { value: (car) => car.year, prefer: "high", label: "Newest" },
  },
  {
    label: "Mileage",
    text: (car, site) =>
      car.mileageKm === null ? "—" : formatMileage(car.mileageKm, site.distanceUnit, site.price),
    best: { value: (car) => car.mileageKm, prefer: "low", label: "Lowest mileage" },
  },
  { label: "Make", text: (car) => car.make ?? "—" },
  { label: "Model", text: (car) => car.model ?? "—" },
  { label: "Fuel", text: (car) => car.fuel ?? "—" },
  { label: "Transmission", text: (car) => car.transmission ?? "—" },
  {
    label: "Usage",
    text: (car) => usageLine(car.yearsUsed, car.periodAmount, car.periodUnit),
  },
  { label: "Quality", text: (car) => car.quality },
  { label: "Colour", text: (car) => car.colour ?? "—" },
  { label: "Category", text: (car) => car.categoryName },
  { label: "Location", text: (car) => car.location },
  { label: "Status", text: (car) => LISTING_STATUS_LABEL[car.status] },
  { label: "Seller", text: (car) => car.sellerName },
  {
    label: "Verified seller",
    text: (car) => (car.sellerVerified ? "Yes" : "No"),
    show: (car) => (car.sellerVerified ? <VerifiedBadge /> : "No"),
  },
];

function bestIds(cars: ComparedCar[], best: NonNullable<Fact["best"]>): Set<number> {
  const values = cars
    .map((car) => ({ id: car.id, value: best.value(car) }))
    .filter((entry): entry is { id: number; value: number } => entry.value !== null);
  if (values.length < 2) return new Set();
  const target =
    best.prefer === "low"
      ? Math.min(...values.map((entry) => entry.value))
      : Math.max(...values.map((entry) => entry.value));
  const winners = values.filter((entry) => entry.value === target);
  return winners.length === values.length ? new Set() : new Set(winners.map((e) => e.id));
}

/** Whether a fact differs between the cars (what "Only differences" keeps). */
function differs(fact: Pick<Fact, "text">, cars: ComparedCar[], site: PublicSite) {
  return new Set(cars.map((car) => fact.text(car, site))).size > 1;
}

export function CompareTable({
  cars,
  onlyDifferences,
}: {
  cars: ComparedCar[];
  onlyDifferences: boolean;
}) {
  const site = useSite();
  const ids = cars.map((car) => car.id);
  const facts = FACTS.filter((fact) => !onlyDifferences || differs(fact, cars, site));
  return (
    <div className="mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full min-w-[36rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">
          {cars.length} cars side by side; rows where they differ are marked “differs”
        </caption>
        <colgroup>
          <col className="w-32 sm:w-40" />
          {cars.map((car) => (
            <col key={car.id} />
          ))}
        </colgroup>
        <thead>
          <tr className="align-top">
            <td className="sticky start-0 z-10 bg-white p-3" />
            {cars.map((car) => (
              <th key={car.id} scope="col" className="relative p-3 text-start font-normal">
                <AppLink to={listingPath(car.id)} className="group block">
                  {car.photo ? (
                    <ListingPicture
                      photo={car.photo}
                      alt=""
                      sizes="(min-width: 1024px) 240px, 45vw"
                      className="aspect-[8/5] w-full rounded-lg object-cover"
                    />
                  ) : (
                    <span className="block aspect-[8/5] w-full rounded-lg bg-slate-200" />
                  )}
                  <span className="mt-2 block font-semibold text-slate-900 group-hover:text-brand-700">
                    {car.title}
                  </span>
                </AppLink>
                <AppLink
                  to={compareHref(ids.filter((id) => id !== car.id))}
                  className="mt-1 inline-block text-xs font-semibold text-slate-600 hover:text-red-700 hover:underline"
                >
                  Remove<span className="sr-only"> {car.title} from the comparison</span>
                </AppLink>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {facts.map((fact) => {
            const different = cars.length > 1 && differs(fact, cars, site);
            const best = fact.best ? bestIds(cars, fact.best) : new Set<number>();
            return (
              <tr
                key={fact.label}
                className={`border-t border-slate-100 ${different ? "bg-amber-50/70" : ""}`}
              >
                <th
                  scope="row"
                  className={`sticky start-0 z-10 p-3 text-start font-medium text-slate-600 ${different ? "bg-amber-50" : "bg-white"}`}
                >
                  {fact.label}
                  {different ? (
                    <span className="mt-0.5 block text-xs font-semibold text-amber-800">
                      differs
                    </span>
                  ) : null}
                </th>
                {cars.map((car) => (
                  <td key={car.id} className="p-3 text-slate-900">
                    <span className={fact.label === "Price" ? "font-semibold" : undefined}>
                      {fact.show ? fact.show(car) : fact.text(car, site)}
                    </span>
                    {best.has(car.id) && fact.best ? (
                      <span className="mt-1 block w-fit rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/25">
                        {fact.best.label}
                      </span>
                    ) : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
