import { AllCarsLink, CategoryCards } from "#app/components/category-cards.tsx";
import { PageHeading } from "#app/components/ui/page-heading.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords } from "#app/i18n/language.server.ts";
import { findCategories } from "#app/models/category.server.ts";
import { seoMeta } from "#app/models/seo.ts";
import { dbContext, storageContext } from "#app/services/app-context.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return seoMeta({
    title: t("Products: used cars by category"),
    description: t(
      "Used sedans, off-road cars, muscle cars and SUVs for sale on Carlot. Pick a category or see all cars, then filter by make, model, year, price and mileage.",
    ),
    path: "/products",
    matches,
  });
};

export async function loader({ context }: Route.LoaderArgs) {
  return {
    categories: await findCategories(context.get(dbContext), context.get(storageContext)),
    words: pageWords(context, "products"),
  };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeading title={t("Products")} intro={t("Choose a category, or see every car for sale.")}>
        <AllCarsLink
          label={t("See All Cars")}
          className="bg-brand-600 text-white hover:bg-brand-700"
        />
      </PageHeading>
      <div className="mt-8">
        <CategoryCards categories={loaderData.categories} action={t("See all")} headingLevel="h2" />
      </div>
    </div>
  );
}
