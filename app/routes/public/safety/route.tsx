// /safety: how to buy a used car from a stranger without getting hurt or cheated.
// The contact-seller form links here.
import type { ReactNode } from "react";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { seoMeta } from "#app/models/seo.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Buying safely",
    description:
      "How to meet a seller, check a used car and its papers, and pay without being cheated.",
    path: "/safety",
    matches,
  });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <ul className="mt-4 list-disc space-y-2 ps-5 text-slate-700 marker:text-brand-600">
        {children}
      </ul>
    </section>
  );
}

export default function Safety() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Buying safely</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
        Meet, check, then pay
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        Most private car sales go well. The few that do not usually skip one of the steps below.
      </p>
      <div className="mt-8 space-y-6">
        <Section title="Meeting the seller">
          <li>
            Meet in a busy public place, in daylight: a supermarket car park, a petrol station.
          </li>
          <li>Bring someone with you, and tell a friend where you are going.</li>
          <li>Do not go to an address you were sent at the last minute, or meet at night.</li>
        </Section>
        <Section title="Checking the car and its papers">
          <li>
            Find the VIN (the 17-character vehicle identification number) on the car: at the bottom
            of the windscreen and on the driver&apos;s door frame. It must match the registration
            papers exactly.
          </li>
          <li>
            The name on the papers should be the seller&apos;s; ask to see an ID if it is not.
          </li>
          <li>Ask for the service history and the last inspection report, and read them.</li>
          <li>Look at it cold: start the engine yourself, and take a test drive of 20 minutes.</li>
          <li>
            If you are not sure, pay a mechanic for an inspection. It costs far less than a bad car.
          </li>
        </Section>
        <Section title="Paying">
          <li>
            Never pay a deposit, a &quot;holding fee&quot; or shipping before you have seen the car
            and its papers.
          </li>
          <li>
            Be wary of a price far below similar cars, a seller who is abroad, or pressure to decide
            today.
          </li>
          <li>
            Pay by bank transfer at the handover, and get a signed receipt with the VIN on it.
          </li>
        </Section>
        <Section title="If something seems wrong">
          <li>Walk away: another car will come along.</li>
          <li>
            Use &quot;Report To Admin&quot; on the car&apos;s page, so we can look at the listing.
          </li>
        </Section>
      </div>
      <AppLink
        to="/products/allProducts"
        className="mt-10 inline-flex rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Browse cars
      </AppLink>
    </div>
  );
}
