import { AllCarsLink, CategoryCards } from "#app/components/category-cards.tsx";
import { AdvertisedTable } from "./advertised-table.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords } from "#app/i18n/language.server.ts";
import { findCategories } from "#app/models/category.server.ts";
import { findAdvertisedListings } from "#app/models/listing.server.ts";
import { seoMeta, siteNameOf } from "#app/models/seo.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import { siteStatsOf } from "#app/models/site.ts";
import { dbContext, storageContext } from "#app/services/app-context.server.ts";
import { cachedShared } from "#app/services/cache.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return seoMeta({
    title: t("Find your dream car: used cars from trusted sellers"),
    description: t(
      "Buy and sell used cars from trusted, verified sellers on {site}: sedans, off-road cars, muscle cars and SUVs, with price guidance and side-by-side comparison.",
      { site: siteNameOf(matches) },
    ),
    path: "/",
    matches,
  });
};

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const storage = context.get(storageContext);
  const settings = await getSiteSettings(db);
  const shown = settings.advertisedCount;
  const [categories, advertised] = await Promise.all([
    findCategories(db, storage),
    cachedShared(db, `home:advertised:${shown}`, () =>
      findAdvertisedListings(db, storage, new Date(), shown),
    ),
  ]);
  return {
    categories,
    advertised,
    hero: { title: settings.heroTitle, text: settings.heroText },
    stats: siteStatsOf(settings),
    siteName: settings.name,
    words: pageWords(context, "public"),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, advertised, hero, stats, siteName } = loaderData;
  const t = useT();
  return (
    <>
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,color-mix(in_srgb,var(--color-brand-500)_55%,transparent),transparent_60%),radial-gradient(ellipse_at_bottom_left,rgba(245,158,11,0.18),transparent_55%)]"
        />
        <div className="relative mx-auto max-w-7xl px-4 pt-14 pb-12 sm:px-6 sm:pt-20 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
            {t("Used cars from people you can trust")}
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            {t(hero.title)}
          </h1>
          {hero.text ? (
            <p className="mt-5 max-w-2xl text-lg text-slate-200">{t(hero.text)}</p>
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            <AllCarsLink
              label={t("See all cars")}
              className="bg-accent-500 text-slate-900 hover:bg-accent-400"
            />
          </div>
          <h2 className="sr-only">{t("Categories")}</h2>
          <div className="mt-12">
            <CategoryCards categories={categories} action={t("See")} />
          </div>
        </div>
      </section>

      {advertised.length > 0 ? (
        <section
          aria-labelledby="best-products"
          className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8"
        >
          <h2
            id="best-products"
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            {t("Here Are Some Best Products")}
          </h2>
          <p className="mt-2 mb-6 text-slate-600">
            {t(
              "These cars are advertised by their sellers. When more are advertised than fit here, they take turns day by day.",
            )}
          </p>
          <AdvertisedTable rows={advertised} />
        </section>
      ) : null}

      {stats ? (
        <section
          aria-labelledby="stats-heading"
          className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8"
        >
          <h2 id="stats-heading" className="sr-only">
            {t("{site} in numbers", { site: siteName })}
          </h2>
          <dl className="grid gap-4 rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-8 text-white shadow-lg sm:grid-cols-3 sm:p-10">
            {stats.map((stat, index) => (
              <div key={index} className="flex flex-col-reverse text-center">
                <dt className="mt-2 text-sm font-medium tracking-wide text-brand-100 uppercase">
                  {t(stat.label)}
                </dt>
                <dd className="text-4xl font-extrabold tracking-tight sm:text-5xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </>
  );
}
