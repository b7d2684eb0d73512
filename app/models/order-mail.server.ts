// The emails a contact request sends: to the seller (who wants the car), a copy to
// the buyer, and to the buyer when the car is sold or removed. Plain text, worded
// for people; the buyer's phone number is never in a subject line. Each is written
// in its recipient's words (decision 020): the caller passes them.
import type { Translate } from "#app/i18n/translator.ts";
import type { Mail } from "#app/services/mail.server.ts";
import { english } from "#app/services/words.server.ts";
import { listingPath } from "#app/models/listing.ts";
import type { OrderClosedReason } from "#app/models/order.ts";

type Car = { id: number; title: string; location: string };
type Person = { name: string; email: string };
type Request = { buyerName: string; buyerPhone: string; meetingLocation: string };

/** The buyer's details, one a line, the values lined up after the longest label. */
function detailLines(t: Translate, buyer: Person, request: Request): string[] {
  const rows = [
    [t("Name:"), request.buyerName],
    [t("Email:"), buyer.email],
    [t("Phone:"), request.buyerPhone],
    [t("Where to meet:"), request.meetingLocation],
  ] as const;
  const width = Math.max(18, ...rows.map(([label]) => label.length + 4));
  return rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`);
}

type OrderMailInput = {
  publicUrl: string;
  car: Car;
  seller: Person;
  buyer: Person;
  request: Request;
  /** The site's name, as its operator set it (it signs the emails). */
  siteName: string;
};

function toSellerMail(t: Translate, input: OrderMailInput): Mail {
  const { publicUrl, car, seller, buyer, request, siteName } = input;
  return {
    to: seller.email,
    subject: t("{buyer} wants to see your {car}", { buyer: request.buyerName, car: car.title }),
    text: [
      t("Hello {name},", { name: seller.name }),
      "",
      t("{buyer} would like to see your {car} and asked you to get in touch:", {
        buyer: request.buyerName,
        car: car.title,
      }),
      "",
      ...detailLines(t, buyer, request),
      "",
      t("The car: {url}", { url: `${publicUrl}${listingPath(car.id)}` }),
      t("Everyone who contacted you: {url}", { url: `${publicUrl}/dashboard/mybuyers` }),
      "",
      t(
        "Meet in a public place in daylight, and do not hand over the car or its papers before\nthe payment has reached you.",
      ),
      "",
      `— ${siteName}`,
    ].join("\n"),
  };
}

function toBuyerMail(t: Translate, input: OrderMailInput): Mail {
  const { publicUrl, car, seller, buyer, request, siteName } = input;
  return {
    to: buyer.email,
    subject: t("Your request for the {car} was sent", { car: car.title }),
    text: [
      t("Hello {name},", { name: request.buyerName }),
      "",
      t(
        "We sent your request for the {car} ({location}) to {seller}. This is what\nthey received:",
        { car: car.title, location: car.location, seller: seller.name },
      ),
      "",
      ...detailLines(t, buyer, request),
      "",
      t("The seller will contact you. You can follow or cancel your request in My Orders:"),
      `${publicUrl}/dashboard/myorders`,
      "",
      t(
        "Stay safe: meet in a public place in daylight, never pay a deposit before you have seen\nthe car and its papers, and check that the VIN on the car matches the papers.",
      ),
      t("More advice: {url}", { url: `${publicUrl}/safety` }),
      "",
      `— ${siteName}`,
    ].join("\n"),
  };
}

export function orderMails(
  input: OrderMailInput & {
    /** Each recipient's words (their language); English when not given. */
    words?: { seller: Translate; buyer: Translate };
  },
): [toSeller: Mail, toBuyer: Mail] {
  const words = input.words ?? { seller: english, buyer: english };
  return [toSellerMail(words.seller, input), toBuyerMail(words.buyer, input)];
}

export function closedOrderMail(input: {
  publicUrl: string;
  reason: OrderClosedReason;
  buyerName: string;
  email: string;
  listingTitle: string;
  siteName: string;
  /** The buyer's words (their language); English when not given. */
  t?: Translate;
}): Mail {
  const t = input.t ?? english;
  const values = { car: input.listingTitle, site: input.siteName };
  const sold = input.reason === "sold";
  return {
    to: input.email,
    subject: sold
      ? t("The {car} has been sold", values)
      : t("The {car} is no longer on {site}", values),
    text: [
      t("Hello {name},", { name: input.buyerName }),
      "",
      sold
        ? t("The {car} you asked about has been sold.", values)
        : t("The {car} you asked about has been taken off {site}.", values),
      t("Your request for it is closed, and the seller no longer sees your contact details."),
      "",
      t("Other cars are waiting for you: {url}", {
        url: `${input.publicUrl}/products/allProducts`,
      }),
      "",
      `— ${input.siteName}`,
    ].join("\n"),
  };
}

/**
 * The one email that carries a seller's requests past the hourly cap: who asked
 * about which car, and where to find their contact details.
 */
export function notificationDigestMail(input: {
  publicUrl: string;
  seller: Person;
  rows: { buyerName: string; listingTitle: string }[];
  siteName: string;
  /** The seller's words (their language); English when not given. */
  t?: Translate;
}): Mail {
  const { publicUrl, seller, rows, siteName } = input;
  const t = input.t ?? english;
  return {
    to: seller.email,
    subject: t(
      "{count, plural, one {# more person wants to see your cars} other {# more people want to see your cars}}",
      { count: rows.length },
    ),
    text: [
      t("Hello {name},", { name: seller.name }),
      "",
      t("You had many requests in a short time, so we gathered these in one email:"),
      "",
      ...rows.map((row) => `  ${row.buyerName} — ${row.listingTitle}`),
      "",
      t("Their contact details are in My Buyers: {url}", {
        url: `${publicUrl}/dashboard/mybuyers`,
      }),
      "",
      `— ${siteName}`,
    ].join("\n"),
  };
}
