// Deleting a category: an empty one after the spec's confirm; one with cars only by
// moving them all to another category in the same step, after a confirm that names
// how many cars move and where. The number confirmed is sent: if it is not the number
// the server finds, nothing is done.
import { useState } from "react";

import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { dangerButton } from "#app/components/ui/buttons.ts";
import { selectClass } from "#app/components/ui/fields.tsx";
import { FieldError } from "#app/components/ui/form.tsx";
import type { AdminCategory } from "#app/models/category-admin.server.ts";
import { CATEGORY_MESSAGES } from "#app/models/category-form.ts";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";

const PAGE = "/dashboard/categories";

/** The spec's confirm text for a delete (spec §8). */
const CONFIRM_DELETE = msg("Confirm Delete?");

function addresses(category: AdminCategory): string {
  return [category.slug, ...category.oldSlugs].map((slug) => `/products/${slug}`).join(", ");
}

/** Delete for a category without cars: one confirm. */
export function DeleteEmptyCategory({
  category,
  disabled,
}: {
  category: AdminCategory;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      action={PAGE}
      fields={{ intent: "delete", id: String(category.id), cars: "0" }}
      title={t("Delete {name}?", { name: category.name })}
      message={t(CONFIRM_DELETE)}
      detail={t("It has no cars. {addresses} will answer “not found”. This can't be undone.", {
        addresses: addresses(category),
      })}
      confirmLabel={t("Yes, delete")}
      pendingLabel={t("Deleting…")}
      tone="danger"
      trigger={t("Delete")}
      triggerLabel={t("Delete {name}", { name: category.name })}
      triggerClassName={dangerButton}
      triggerDisabled={disabled}
    />
  );
}

/**
 * The panel shown in a category's place to delete it with its cars: where they move
 * (another category, hidden ones marked), then a confirm naming the number.
 */
export function MoveAndDelete({
  category,
  others,
  error,
}: {
  category: AdminCategory;
  others: AdminCategory[];
  /** The action's message for the target field (sent without JavaScript). */
  error: string | undefined;
}) {
  const t = useT();
  const [target, setTarget] = useState("");
  const [missing, setMissing] = useState(false);
  const shownError = missing ? t(CATEGORY_MESSAGES.target) : error ? t(error) : undefined;
  const chosen = others.find((other) => String(other.id) === target);
  const count = category.cars;
  const name = category.name;
  const selectId = `move-${category.id}-to`;
  return (
    <section
      aria-labelledby={`delete-${category.id}-heading`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-2 ring-red-600 sm:p-6"
    >
      <h3 id={`delete-${category.id}-heading`} className="text-lg font-semibold text-slate-900">
        <Rich message="Delete {name}" values={{ name: <span translate="no">{name}</span> }} />
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {t(
          "It has {count, plural, one {# car} other {# cars}}. They move to the category you choose, with the {addressCount, plural, one {address} other {addresses}} {addresses}, which will lead there; then {name} is deleted. All in one step: if a seller adds or moves a car in the meantime, nothing is done.",
          {
            count,
            addressCount: 1 + category.oldSlugs.length,
            addresses: addresses(category),
            name,
          },
        )}
      </p>
      <ConfirmDialog
        action={PAGE}
        fields={{ intent: "delete", id: String(category.id), cars: String(category.cars) }}
        title={t("Move {count, plural, one {# car} other {# cars}} and delete {name}?", {
          count,
          name,
        })}
        message={t(
          "{count, plural, one {# car} other {# cars}} will move from {name} to {target}, and {name} will be deleted.",
          { count, name, target: chosen?.name ?? "…" },
        )}
        detail={t("Confirm Delete? This can't be undone.")}
        confirmLabel={t("Yes, move {count, plural, one {# car} other {# cars}} and delete", {
          count,
        })}
        pendingLabel={t("Moving…")}
        tone="danger"
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        {({ ask, pending }) => (
          <>
            <div className="sm:w-72">
              <label
                htmlFor={selectId}
                className="mb-1.5 block text-sm font-semibold text-slate-800"
              >
                {t("Move its {count, plural, one {# car} other {# cars}} to", { count })}
              </label>
              <select
                id={selectId}
                name="moveTo"
                required
                value={target}
                onChange={(event) => {
                  setTarget(event.target.value);
                  setMissing(false);
                }}
                aria-invalid={shownError ? true : undefined}
                aria-describedby={`${selectId}-error`}
                className={selectClass}
              >
                <option value="">{t("Choose a category")}</option>
                {others.map((other) =>
                  other.hidden ? (
                    <option key={other.id} value={other.id}>
                      {t("{name} (hidden)", { name: other.name })}
                    </option>
                  ) : (
                    <option key={other.id} value={other.id} translate="no">
                      {other.name}
                    </option>
                  ),
                )}
              </select>
              <FieldError id={`${selectId}-error`} errors={shownError ? [shownError] : null} />
            </div>
            <button
              type="submit"
              aria-haspopup="dialog"
              aria-busy={pending || undefined}
              disabled={pending || others.length === 0}
              // React only attaches this once JavaScript runs; before that the button posts
              // (and the browser asks for a choice first: the select is required).
              onClick={(event) => {
                event.preventDefault();
                if (!chosen) {
                  setMissing(true);
                  document.getElementById(selectId)?.focus();
                  return;
                }
                ask();
              }}
              className={`${dangerButton} px-4 py-2.5 text-sm sm:mt-7`}
            >
              {pending
                ? t("Moving…")
                : t("Move {count, plural, one {# car} other {# cars}} and delete", { count })}
            </button>
          </>
        )}
      </ConfirmDialog>
      <p className="mt-4 text-sm">
        <AppLink
          to={PAGE}
          preventScrollReset
          className="font-semibold text-brand-700 hover:underline"
        >
          {t("Cancel: keep {name}", { name })}
        </AppLink>
      </p>
    </section>
  );
}
