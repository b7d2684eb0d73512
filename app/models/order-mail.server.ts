// The emails a contact request sends: to the seller (who wants the car), a copy to
// the buyer, and to the buyer when the car is sold or removed. Plain text, worded
// for people; the buyer's phone number is never in a subject line.
import type { Mail } from "#app/services/mail.server.ts";
import { listingPath } from "#app/models/listing.ts";
import type { OrderClosedReason } from "#app/models/order.ts";

type Car = { id: number; title: string; location: string };
type Person = { name: string; email: string };
type Request = { buyerName: string; buyerPhone: string; meetingLocation: string };

export function orderMails(input: {
  publicUrl: string;
  car: Car;
  seller: Person;
  buyer: Person;
  request: Request;
  /** The site's name, as its operator set it (it signs the emails). */
  siteName: string;
}): [toSeller: Mail, toBuyer: Mail] {
  const { publicUrl, car, seller, buyer, request, siteName } = input;
  const carUrl = `${publicUrl}${listingPath(car.id)}`;
  const details = [
    `  Name:             ${request.buyerName}`,
    `  Email:            ${buyer.email}`,
    `  Phone:            ${request.buyerPhone}`,
    `  Where to meet:    ${request.meetingLocation}`,
  ];
  return [
    {
      to: seller.email,
      subject: `${request.buyerName} wants to see your ${car.title}`,
      text: [
        `Hello ${seller.name},`,
        "",
        `${request.buyerName} would like to see your ${car.title} and asked you to get in touch:`,
        "",
        ...details,
        "",
        `The car: ${carUrl}`,
        `Everyone who contacted you: ${publicUrl}/dashboard/mybuyers`,
        "",
        "Meet in a public place in daylight, and do not hand over the car or its papers before",
        "the payment has reached you.",
        "",
        `— ${siteName}`,
      ].join("\n"),
    },
    {
      to: buyer.email,
      subject: `Your request for the ${car.title} was sent`,
      text: [
        `Hello ${request.buyerName},`,
        "",
        `We sent your request for the ${car.title} (${car.location}) to ${seller.name}. This is what`,
        "they received:",
        "",
        ...details,
        "",
        `The seller will contact you. You can follow or cancel your request in My Orders:`,
        `${publicUrl}/dashboard/myorders`,
        "",
        "Stay safe: meet in a public place in daylight, never pay a deposit before you have seen",
        "the car and its papers, and check that the VIN on the car matches the papers.",
        `More advice: ${publicUrl}/safety`,
        "",
        `— ${siteName}`,
      ].join("\n"),
    },
  ];
}

export function closedOrderMail(input: {
  publicUrl: string;
  reason: OrderClosedReason;
  buyerName: string;
  email: string;
  listingTitle: string;
  siteName: string;
}): Mail {
  const what =
    input.reason === "sold"
      ? `The ${input.listingTitle} you asked about has been sold.`
      : `The ${input.listingTitle} you asked about has been taken off ${input.siteName}.`;
  return {
    to: input.email,
    subject:
      input.reason === "sold"
        ? `The ${input.listingTitle} has been sold`
        : `The ${input.listingTitle} is no longer on ${input.siteName}`,
    text: [
      `Hello ${input.buyerName},`,
      "",
      what,
      "Your request for it is closed, and the seller no longer sees your contact details.",
      "",
      `Other cars are waiting for you: ${input.publicUrl}/products/allProducts`,
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
}): Mail {
  const { publicUrl, seller, rows, siteName } = input;
  const many = rows.length === 1 ? "1 more person wants" : `${rows.length} more people want`;
  return {
    to: seller.email,
    subject: `${many} to see your cars`,
    text: [
      `Hello ${seller.name},`,
      "",
      `You had many requests in a short time, so we gathered these in one email:`,
      "",
      ...rows.map((row) => `  ${row.buyerName} — ${row.listingTitle}`),
      "",
      `Their contact details are in My Buyers: ${publicUrl}/dashboard/mybuyers`,
      "",
      `— ${siteName}`,
    ].join("\n"),
  };
}
