// Cars side by side: one column per car, one row per fact. Rows whose values
// differ are highlighted, and the best price, mileage and year are marked.
import { useSite } from "#app/components/use-site.ts";
import type { PublicSite } from "#app/models/site.ts";
import type { ReactNode } from "react";

import { VerifiedBadge } from "#app/components/listing-bits/listing-bits.tsx";
import { ListingPicture } from "#app/components/listing-picture.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { msg, type Translate } from "#app/i18n/translator.ts";
import {
  formatMileage,
  formatPrice,
  LISTING_STATUS_LABEL,
  listingPath,
  type CarFacts,
  type ListingStatus,
  type PhotoUrls,
  type Quality,
} from "#app/models/listing.ts";
import { type PeriodUnit, type YearsUsed } from "#app/models/listing-choices.ts";
import { compareHref } from "#app/models/search-compare.ts";

import { usageWords } from "../car-words.ts";

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
  /** The row's name, in English (translated where shown). */
  label: string;
  /** The fact as text, written the site's way (prices, distances), in the reader's words. */
  text: (car: ComparedCar, site: PublicSite, t: Translate) => string;
  show?: (car: ComparedCar, t: Translate) => ReactNode;
  /** The sellers' own words (make, model, colour, names), not translated. */
  theirs?: true;
  /** Digits and a unit (km, mi), which stay as they are in every language. */
  kept?: true;
  /** Which car is best on this row: the lowest or highest number. */
  best?: { value: (car: ComparedCar) => number | null; prefer: "low" | "high"; label: string };
};

const FACTS: Fact[] = [
  {
    label: msg("Price"),
    text: (car, site) => formatPrice(car.resalePrice, site.price),
    best: { value: (car) => car.resalePrice, prefer: "low", label: msg("Lowest price") },
  },
  {
    label: msg("Original price"),
    text: (car, site) => formatPrice(car.originalPrice, site.price),
  },
  {
    label: msg("Year"),
    text: (car) => (car.year === null ? "—" : String(car.year)),
    best: { value: (car) => car.year, prefer: "high", label: msg("Newest") },
  },
  {
    label: msg("Mileage"),
    text: (car, site) =>
      car.mileageKm === null ? "—" : formatMileage(car.mileageKm, site.distanceUnit, site.price),
    best: { value: (car) => car.mileageKm, prefer: "low", label: msg("Lowest mileage") },
    kept: true,
  },
  { label: msg("Make"), text: (car) => car.make ?? "—", theirs: true },
  { label: msg("Model"), text: (car) => car.model ?? "—", theirs: true },
  { label: msg("Fuel"), text: (car, _site, t) => (car.fuel ? t(car.fuel) : "—") },
  {
    label: msg("Transmission"),
    text: (car, _site, t) => (car.transmission ? t(car.transmission) : "—"),
  },
  {
    label: msg("Usage"),
    text: (car, _site, t) => usageWords(t, car.yearsUsed, car.periodAmount, car.periodUnit),
  },
  { label: msg("Quality"), text: (car, _site, t) => t(car.quality) },
  { label: msg("Colour"), text: (car) => car.colour ?? "—", theirs: true },
  { label: msg("Category"), text: (car) => car.categoryName, theirs: true },
  { label: msg("Location"), text: (car) => car.location, theirs: true },
  { label: msg("Status"), text: (car, _site, t) => t(LISTING_STATUS_LABEL[car.status]) },
  { label: msg("Seller"), text: (car) => car.sellerName, theirs: true },
  {
    label: msg("Verified seller"),
    text: (car, _site, t) => (car.sellerVerified ? t("Yes") : t("No")),
    show: (car, t) => (car.sellerVerified ? <VerifiedBadge /> : t("No")),
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
function differs(fact: Pick<Fact, "text">, cars: ComparedCar[], site: PublicSite, t: Translate) {
  return new Set(cars.map((car) => fact.text(car, site, t))).size > 1;
}

export function CompareTable({
  cars,
  onlyDifferences,
}: {
  cars: ComparedCar[];
  onlyDifferences: boolean;
}) {
  const site = useSite();
  const t = useT();
  const ids = cars.map((car) => car.id);
  const facts = FACTS.filter((fact) => !onlyDifferences || differs(fact, cars, site, t));
  return (
    <div className="mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full min-w-[36rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">
          {t(
            "{count, plural, other {# cars side by side; rows where they differ are marked “differs”}}",
            { count: cars.length },
          )}
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
                  <span
                    translate="no"
                    className="mt-2 block font-semibold text-slate-900 group-hover:text-brand-700"
                  >
                    {car.title}
                  </span>
                </AppLink>
                <AppLink
                  to={compareHref(ids.filter((id) => id !== car.id))}
                  aria-label={t("Remove {title} from the comparison", { title: car.title })}
                  className="mt-1 inline-block text-xs font-semibold text-slate-600 hover:text-red-700 hover:underline"
                >
                  {t("Remove")}
                </AppLink>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {facts.map((fact) => {
            const different = cars.length > 1 && differs(fact, cars, site, t);
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
                  {t(fact.label)}
                  {different ? (
                    <span className="mt-0.5 block text-xs font-semibold text-amber-800">
                      {t("differs")}
                    </span>
                  ) : null}
                </th>
                {cars.map((car) => (
                  <td key={car.id} className="p-3 text-slate-900">
                    <span
                      translate={fact.theirs || fact.kept ? "no" : undefined}
                      className={fact.label === "Price" ? "font-semibold" : undefined}
                    >
                      {fact.show ? fact.show(car, t) : fact.text(car, site, t)}
                    </span>
                    {best.has(car.id) && fact.best ? (
                      <span className="mt-1 block w-fit rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/25">
                        {t(fact.best.label)}
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
