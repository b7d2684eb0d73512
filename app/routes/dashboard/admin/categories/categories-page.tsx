// The categories page: every category in the order visitors see them, each with its
// photo, name, address, cars and buttons; an edit or delete panel in a category's place
// (?edit=…, ?delete=…, so they work without JavaScript); the add form below.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";

import { AddCategoryForm, EditCategoryForm } from "./category-forms.tsx";
import { DeleteEmptyCategory, MoveAndDelete } from "./category-delete.tsx";
import { useSending } from "#app/components/use-sending.ts";
import { AdminNav } from "#app/components/admin-bits.tsx";
import { ConfirmDialog, Spinner } from "#app/components/confirm-dialog.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { dangerButton, outlineButton } from "#app/components/ui/buttons.ts";
import { FormError } from "#app/components/ui/form.tsx";
import { PageHeading } from "#app/components/ui/page-heading.tsx";
import type { AdminCategory } from "#app/models/category-admin.server.ts";
import { carsLabel } from "#app/models/category.ts";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";

const PAGE = "/dashboard/categories";

type Reply = {
  intent: string;
  id?: number;
  error?: string;
  result?: SubmissionResult<string[]>;
};

/** A one-click button (up, down, show): a plain form, busy while it is sent. */
function RowButton({
  category,
  intent,
  extra,
  label,
  children,
  disabled = false,
}: {
  category: AdminCategory;
  intent: string;
  extra?: Record<string, string>;
  label: string;
  children: string;
  disabled?: boolean;
}) {
  const pending = useSending(intent, category.id, extra);
  return (
    <Form method="post" action={PAGE} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={category.id} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        aria-label={label}
        disabled={disabled || pending}
        aria-busy={pending || undefined}
        className={`${outlineButton} disabled:opacity-50`}
      >
        {pending ? <Spinner /> : null}
        {children}
      </button>
    </Form>
  );
}

function HideCategory({ category, only }: { category: AdminCategory; only: boolean }) {
  const t = useT();
  return (
    <ConfirmDialog
      action={PAGE}
      fields={{ intent: "hide", id: String(category.id) }}
      title={t("Hide {name}?", { name: category.name })}
      message={t("Visitors will no longer see this category.")}
      detail={t(
        "Its card, its page ({address}) and its sitemap entry go, and sellers can't choose it for new cars. Its {count, plural, one {# car} other {# cars}} stay for sale: in All cars, in search and on their own pages. You can show it again at any time.",
        { address: `/products/${category.slug}`, count: category.cars },
      )}
      confirmLabel={t("Yes, hide")}
      pendingLabel={t("Hiding…")}
      trigger={t("Hide")}
      triggerLabel={t("Hide {name}", { name: category.name })}
      triggerClassName={outlineButton}
      triggerDisabled={only}
    />
  );
}

function CategoryItem({
  category,
  index,
  count,
  only,
}: {
  category: AdminCategory;
  index: number;
  count: number;
  /** The only category visitors see: it can't be hidden or deleted. */
  only: boolean;
}) {
  const t = useT();
  const name = category.name;
  return (
    <div className="grid grid-cols-[6rem_1fr] items-center gap-x-4 gap-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[7.5rem_1fr] lg:grid-cols-[7.5rem_1fr_auto]">
      <img
        src={category.imageUrl}
        alt=""
        width={120}
        height={80}
        loading="lazy"
        className={`aspect-[3/2] w-full rounded-lg bg-slate-200 object-cover ${category.hidden ? "opacity-60" : ""}`}
      />
      <div className="min-w-0">
        <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold break-words text-slate-900">
          <span translate="no" className="min-w-0 break-words">
            {category.name}
          </span>
          {category.hidden ? (
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
              {t("Hidden")}
            </span>
          ) : null}
        </h3>
        <p className="mt-0.5 text-sm break-words text-slate-600">
          {category.hidden ? (
            <bdi translate="no">/products/{category.slug}</bdi>
          ) : (
            <AppLink
              translate="no"
              to={`/products/${category.slug}`}
              className="text-brand-700 hover:underline"
            >
              /products/{category.slug}
            </AppLink>
          )}{" "}
          · {carsLabel(category.cars, t)}
        </p>
        {category.oldSlugs.length > 0 ? (
          <p className="mt-0.5 text-xs break-words text-slate-600">
            <Rich
              message="Old addresses leading here: {addresses}"
              values={{
                addresses: (
                  <bdi translate="no">
                    {category.oldSlugs.map((slug) => `/products/${slug}`).join(", ")}
                  </bdi>
                ),
              }}
            />
          </p>
        ) : null}
        {only ? (
          <p className="mt-0.5 text-xs text-slate-600">
            {t("The only category visitors see: it can't be hidden or deleted.")}
          </p>
        ) : null}
      </div>
      <div className="col-span-2 flex flex-wrap gap-2 lg:col-span-1 lg:justify-end">
        <RowButton
          category={category}
          intent="move"
          extra={{ direction: "up" }}
          label={t("Move {name} up", { name })}
          disabled={index === 0}
        >
          {t("↑ Up")}
        </RowButton>
        <RowButton
          category={category}
          intent="move"
          extra={{ direction: "down" }}
          label={t("Move {name} down", { name })}
          disabled={index === count - 1}
        >
          {t("↓ Down")}
        </RowButton>
        <AppLink
          to={`${PAGE}?edit=${category.id}`}
          preventScrollReset
          aria-label={t("Edit {name}", { name })}
          className={outlineButton}
        >
          {t("Edit")}
        </AppLink>
        {category.hidden ? (
          <RowButton category={category} intent="show" label={t("Show {name}", { name })}>
            {t("Show")}
          </RowButton>
        ) : (
          <HideCategory category={category} only={only} />
        )}
        {category.cars === 0 ? (
          <DeleteEmptyCategory category={category} disabled={only} />
        ) : only ? (
          <button type="button" disabled className={dangerButton}>
            {t("Delete")}
          </button>
        ) : (
          <AppLink
            to={`${PAGE}?delete=${category.id}`}
            preventScrollReset
            aria-label={t("Delete {name}", { name })}
            className={dangerButton}
          >
            {t("Delete…")}
          </AppLink>
        )}
      </div>
    </div>
  );
}

export function CategoriesPage({
  categories,
  editId,
  deleteId,
  reply,
}: {
  categories: AdminCategory[];
  editId: number | null;
  deleteId: number | null;
  reply: Reply | null;
}) {
  const t = useT();
  const visible = categories.filter((category) => !category.hidden).length;
  const resultOf = (intent: string) => (reply?.intent === intent ? reply.result : undefined);
  // Refusals of the buttons (the add and edit forms show theirs by their fields, and
  // the delete panel by its choice; with JavaScript a confirm dialog toasts them too).
  const inForm =
    ["add", "edit"].includes(reply?.intent ?? "") ||
    (reply?.intent === "delete" && deleteId !== null);
  const pageError = inForm || !reply?.error ? undefined : t(reply.error);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <PageHeading
        title={t("Categories")}
        intro={t(
          "What visitors browse by, in this order: the home page's cards, the Products page, the filters and the sitemap. Changes show on every page within a second.",
        )}
      />
      <AdminNav />
      <div className="mt-6">
        <FormError message={pageError} />
      </div>
      <section aria-labelledby="category-list-heading" className="mt-6">
        <h2 id="category-list-heading" className="sr-only">
          {t("Every category")}
        </h2>
        <ol className="space-y-3">
          {categories.map((category, index) => (
            <li key={category.id}>
              {editId === category.id ? (
                <EditCategoryForm category={category} lastResult={resultOf("edit")} />
              ) : deleteId === category.id && category.cars > 0 ? (
                <MoveAndDelete
                  category={category}
                  others={categories.filter((other) => other.id !== category.id)}
                  error={reply?.intent === "delete" ? reply.error : undefined}
                />
              ) : (
                <CategoryItem
                  category={category}
                  index={index}
                  count={categories.length}
                  only={!category.hidden && visible === 1}
                />
              )}
            </li>
          ))}
        </ol>
      </section>
      <div className="mt-10">
        <AddCategoryForm lastResult={resultOf("add")} />
      </div>
    </div>
  );
}
