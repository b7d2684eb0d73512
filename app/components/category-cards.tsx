import { ArrowRightIcon } from "#app/components/icons.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";

/** The call to see every car for sale, beside the category cards. */
export function AllCarsLink({ label, className }: { label: string; className: string }) {
  const t = useT();
  return (
    <AppLink
      to="/products/allProducts"
      prefetch="intent"
      className={`inline-flex items-center gap-2 rounded-lg px-5 py-3 font-semibold shadow-sm ${className}`}
    >
      {t(label)} <ArrowRightIcon className="size-4" />
    </AppLink>
  );
}

export type CategoryCardData = { id: number; slug: string; name: string; imageUrl: string };

/** The grid of category cards; `action` is the link text ("See" on the home page, "See all" on /products). */
export function CategoryCards({
  categories,
  action,
  headingLevel = "h3",
}: {
  categories: CategoryCardData[];
  action: string;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const t = useT();
  const actionText = t(action);
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {categories.map((category, index) => (
        <li
          key={category.id}
          className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-lg"
        >
          <div className="aspect-[3/2] overflow-hidden bg-slate-200">
            <img
              src={category.imageUrl}
              alt=""
              width={800}
              height={533}
              // The first card is the largest picture in a phone's first screen (home,
              // /products): fetched first; the others wait until they are near the screen.
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              decoding={index === 0 ? undefined : "async"}
              className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
            />
          </div>
          <div className="flex items-center justify-between gap-3 p-4">
            <Heading translate="no" className="text-lg font-semibold text-slate-900">
              {category.name}
            </Heading>
            <AppLink
              to={`/products/${category.slug}`}
              prefetch="intent"
              className="inline-flex items-center gap-1.5 rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-600/15 hover:bg-brand-100"
            >
              {actionText}
              <span className="sr-only"> {t("{category} cars", { category: category.name })}</span>
              <ArrowRightIcon className="size-4" />
              {/* The whole card is clickable; the link keeps one accessible name. */}
              <span className="absolute inset-0" aria-hidden="true" />
            </AppLink>
          </div>
        </li>
      ))}
    </ul>
  );
}
