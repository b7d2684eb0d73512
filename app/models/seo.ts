// Search engines and link previews: titles, descriptions, canonical URLs,
// OpenGraph / Twitter cards and robots rules, built the same way on every page.
import type { MetaDescriptor } from "react-router";

import { translatorOfMatches } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";
import { FALLBACK_SITE, type PublicSite } from "#app/models/site.ts";
import type { CarFacts } from "#app/models/listing.ts";

/** Pages show it as `t(DEFAULT_DESCRIPTION)`. */
export const DEFAULT_DESCRIPTION = msg(
  "Buy and sell used cars from trusted, verified sellers: sedans, off-road cars, muscle cars and SUVs.",
);

/** The picture previews use when a page has no photo of its own. */
export const DEFAULT_SHARE_IMAGE = "/logo.svg";

/** An absolute URL on this site, from PUBLIC_URL and a path (which may already be absolute). */
export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${publicUrl.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * Pages that are personal or only for signed-in people: never indexed. The root
 * layout reads this for every page, so each dashboard page is covered in one place.
 * The car detail pages live under /dashboard/productDetails/{id} but are public.
 */
export function isPrivatePath(pathname: string): boolean {
  if (/^\/dashboard\/productDetails\/\d+\/?$/.test(pathname)) return false;
  return /^\/(dashboard|wishlist|logout|auth|reset-password|verify-email)(\/|$)/.test(pathname);
}

/** Cuts a text to at most `max` characters at a word boundary, for descriptions. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

export type SeoInput = {
  /** The page's own title; the site name is added. */
  title: string;
  description: string;
  /** Path and canonical query of the page ("/products/sedan?page=2"). */
  path: string;
  /** The page's route matches: the root's data gives PUBLIC_URL and the site name. */
  matches: Matches;
  /** A photo for previews (path or absolute URL); the logo otherwise. */
  image?: { url: string; width?: number; height?: number; alt?: string } | null;
  noindex?: boolean;
  type?: "website" | "product";
};

/**
 * Title, description, canonical link, robots, OpenGraph and Twitter card tags. The
 * title and description come translated from the page's `meta`; what is written here
 * (the logo's description) is translated here.
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const { t } = translatorOfMatches(input.matches);
  const name = siteNameOf(input.matches);
  const publicUrl = publicUrlOf(input.matches);
  const title = `${input.title} — ${name}`;
  const url = absoluteUrl(publicUrl, input.path);
  const logo = rootDataOf(input.matches)?.site?.logoUrl ?? DEFAULT_SHARE_IMAGE;
  const image = input.image ?? { url: logo, alt: t("{site} logo", { site: name }) };
  const imageUrl = absoluteUrl(publicUrl, image.url);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: name },
    { property: "og:type", content: input.type === "product" ? "product" : "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: imageUrl },
  ];
  if (image.width) tags.push({ property: "og:image:width", content: String(image.width) });
  if (image.height) tags.push({ property: "og:image:height", content: String(image.height) });
  if (image.alt) {
    tags.push({ property: "og:image:alt", content: image.alt });
    tags.push({ name: "twitter:image:alt", content: image.alt });
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** What the root loader hands every page's `meta` (undefined on an error page without it). */
function rootDataOf(matches: Matches) {
  return matches.find((match) => match?.id === "root")?.loaderData as
    { publicUrl?: string; site?: PublicSite } | undefined;
}

/** PUBLIC_URL, for absolute canonical and preview URLs. */
export function publicUrlOf(matches: Matches): string {
  return rootDataOf(matches)?.publicUrl ?? "";
}

/** The site as its operator set it (the built-in one on an error page without root data). */
export function siteOf(matches: Matches): PublicSite {
  return rootDataOf(matches)?.site ?? FALLBACK_SITE;
}

/** The site's name as its operator set it. */
export function siteNameOf(matches: Matches): string {
  return siteOf(matches).name;
}

/** A page's title: its own words, then the site's name. */
export function titleOf(matches: Matches, title: string): MetaDescriptor {
  return { title: `${title} — ${siteNameOf(matches)}` };
}

/** The facts of a car that its schema.org description is made from. */
export type CarForJsonLd = CarFacts & {
  id: number;
  title: string;
  description: string;
  resalePrice: number;
  status: "available" | "sold";
  colour: string | null;
  category: { name: string };
  seller: { name: string };
  photos: { large: string }[];
};

/**
 * schema.org `Car` (a `Product` and `Vehicle`) with an `Offer` while the car is
 * for sale: name, image, description, brand, model, year, mileage, fuel,
 * transmission and colour; the offer has price, currency, availability and URL.
 */
export function carJsonLd(
  car: CarForJsonLd,
  publicUrl: string,
  path: string,
  /** The site's ISO 4217 code (prices are whole amounts of it, decision 019). */
  currency = "USD",
) {
  const url = absoluteUrl(publicUrl, path);
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    "@id": url,
    url,
    name: car.title,
    description: summarize(car.description, 500),
    image: car.photos.map((photo) => absoluteUrl(publicUrl, photo.large)),
    category: car.category.name,
    itemCondition: "https://schema.org/UsedCondition",
    ...(car.make ? { brand: { "@type": "Brand", name: car.make } } : {}),
    ...(car.model ? { model: car.model } : {}),
    ...(car.year !== null ? { vehicleModelDate: String(car.year) } : {}),
    ...(car.mileageKm !== null
      ? {
          mileageFromOdometer: {
            "@type": "QuantitativeValue",
            value: car.mileageKm,
            unitCode: "KMT",
          },
        }
      : {}),
    ...(car.fuel ? { fuelType: car.fuel } : {}),
    ...(car.transmission ? { vehicleTransmission: car.transmission } : {}),
    ...(car.colour ? { color: car.colour } : {}),
    ...(car.status === "available"
      ? {
          offers: {
            "@type": "Offer",
            url,
            price: (car.resalePrice / 100).toFixed(2),
            priceCurrency: currency,
            availability: "https://schema.org/InStock",
            itemCondition: "https://schema.org/UsedCondition",
            seller: { "@type": "Person", name: car.seller.name },
          },
        }
      : {}),
  };
}
