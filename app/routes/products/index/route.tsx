import { CategoryCards } from "#app/components/category-cards.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { findCategories } from "#app/models/category.server.ts";
import { publicUrlOf, seoMeta } from "#app/models/seo.ts";
import { dbContext, storageContext } from "#app/services/app-context.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Products: used cars by category",
    description:
      "Used sedans, off-road cars, muscle cars and SUVs for sale on Carlot. Pick a category or see all cars, then filter by make, model, year, price and mileage.",
    path: "/products",
    publicUrl: publicUrlOf(matches),
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await findCategories(context.get(dbContext), context.get(storageContext)) };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Products</h1>
          <p className="mt-2 text-slate-600">Choose a category, or see every car for sale.</p>
        </div>
        <AppLink
          to="/products/allProducts"
          prefetch="intent"
          className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          See All Cars <ArrowRightIcon className="size-4" />
        </AppLink>
      </div>
      <div className="mt-8">
        <CategoryCards categories={loaderData.categories} action="See all" headingLevel="h2" />
      </div>
    </div>
  );
}
