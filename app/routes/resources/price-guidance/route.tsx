// GET /resources/price-guidance?make=&model=&year=&mileage=&unit=km&price=&exclude=
// Price guidance for the sell and edit forms, loaded with a fetcher as the seller
// types. Public data (the same figures the car pages show); bad input gives null.
import { data } from "react-router";

import { parseId } from "#app/models/id.ts";
import { toKilometres } from "#app/models/listing.ts";
import { getPriceGuidance } from "#app/models/price-guidance.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";

import type { Route } from "./+types/route";

function whole(value: string | null, max: number): number | null {
  const cleaned = (value ?? "").replace(/[\s,]/g, "");
  if (!/^\d{1,9}$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return n <= max ? n : null;
}

function text(value: string | null): string | null {
  const cleaned = (value ?? "").replace(/[\p{C}]/gu, "").trim();
  return cleaned && cleaned.length <= 60 ? cleaned : null;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const params = url.searchParams;
  const mileage = whole(params.get("mileage"), 2_000_000);
  const mileageKm =
    mileage === null ? null : toKilometres(mileage, params.get("unit") === "mi" ? "mi" : "km");
  const price = whole(params.get("price"), 10_000_000);
  const guidance = await getPriceGuidance(db, {
    id: parseId(params.get("exclude")) ?? undefined,
    make: text(params.get("make")),
    model: text(params.get("model")),
    year: whole(params.get("year"), 3000),
    mileageKm,
    price: price === null ? null : price * 100,
  });
  return data(
    { guidance },
    { headers: { "Cache-Control": "private, max-age=60", Vary: "Cookie" } },
  );
}
