// /safety: how to buy a used car from a stranger without getting hurt or cheated.
// The contact-seller form links here.
import type { ReactNode } from "react";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords } from "#app/i18n/language.server.ts";
import { seoMeta } from "#app/models/seo.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return seoMeta({
    title: t("Buying safely"),
    description: t(
      "How to meet a seller, check a used car and its papers, and pay without being cheated.",
    ),
    path: "/safety",
    matches,
  });
};

export function loader({ context }: Route.LoaderArgs) {
  return { words: pageWords(context, "public") };
}

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
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {t("Buying safely")}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
        {t("Meet, check, then pay")}
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        {t(
          "Most private car sales go well. The few that do not usually skip one of the steps below.",
        )}
      </p>
      <div className="mt-8 space-y-6">
        <Section title={t("Meeting the seller")}>
          <li>
            {t(
              "Meet in a busy public place, in daylight: a supermarket car park, a petrol station.",
            )}
          </li>
          <li>{t("Bring someone with you, and tell a friend where you are going.")}</li>
          <li>
            {t("Do not go to an address you were sent at the last minute, or meet at night.")}
          </li>
        </Section>
        <Section title={t("Checking the car and its papers")}>
          <li>
            {t(
              "Find the VIN (the 17-character vehicle identification number) on the car: at the bottom of the windscreen and on the driver's door frame. It must match the registration papers exactly.",
            )}
          </li>
          <li>
            {t("The name on the papers should be the seller's; ask to see an ID if it is not.")}
          </li>
          <li>{t("Ask for the service history and the last inspection report, and read them.")}</li>
          <li>
            {t("Look at it cold: start the engine yourself, and take a test drive of 20 minutes.")}
          </li>
          <li>
            {t(
              "If you are not sure, pay a mechanic for an inspection. It costs far less than a bad car.",
            )}
          </li>
        </Section>
        <Section title={t("Paying")}>
          <li>
            {t(
              'Never pay a deposit, a "holding fee" or shipping before you have seen the car and its papers.',
            )}
          </li>
          <li>
            {t(
              "Be wary of a price far below similar cars, a seller who is abroad, or pressure to decide today.",
            )}
          </li>
          <li>
            {t(
              "Pay by bank transfer at the handover, and get a signed receipt with the VIN on it.",
            )}
          </li>
        </Section>
        <Section title={t("If something seems wrong")}>
          <li>{t("Walk away: another car will come along.")}</li>
          <li>{t('Use "Report To Admin" on the car\'s page, so we can look at the listing.')}</li>
        </Section>
      </div>
      <AppLink
        to="/products/allProducts"
        className="mt-10 inline-flex rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        {t("Browse cars")}
      </AppLink>
    </div>
  );
}
