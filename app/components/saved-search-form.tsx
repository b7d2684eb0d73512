// The saved-search form (a name and how often to hear), in a dialog: "Save this search" on a
// results page, and "Edit" on the Saved searches page. Both post to /dashboard/savedSearches;
// without JavaScript the button leads to that page with the same form on it.
import type { SubmissionResult } from "@conform-to/react";

import { FormDialog, FormSection } from "#app/components/form-dialog/admin-form-dialog.tsx";
import type { FormBody, SchemaFields } from "#app/components/form-dialog/form-dialog-parts.tsx";
import { ChoiceField, InputField } from "#app/components/ui/fields.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import type { Translate } from "#app/i18n/translator.ts";
import {
  ALERT_FREQUENCIES,
  FREQUENCY_LABEL,
  SAVED_SEARCH_NAME_MAX,
  type AlertFrequency,
} from "#app/models/alerts.ts";
import { savedSearchFormSchema } from "#app/models/saved-search-form.ts";

export const SAVED_SEARCHES_PATH = "/dashboard/savedSearches";

/** What the page's action answers a form it refuses. */
export type SavedSearchReply = { intent: "save" | "edit"; result: SubmissionResult<string[]> };

function SavedSearchFields({ fields }: { fields: SchemaFields<typeof savedSearchFormSchema> }) {
  const t = useT();
  return (
    <div className="grid gap-5">
      <InputField
        field={fields.name}
        label={t("Name")}
        maxLength={SAVED_SEARCH_NAME_MAX}
        autoComplete="off"
      />
      <ChoiceField
        field={fields.frequency}
        legend={t("Email me about new cars")}
        type="radio"
        values={ALERT_FREQUENCIES}
        labels={FREQUENCY_LABEL}
      />
    </div>
  );
}

type FormFor =
  | { kind: "save"; search: string; redirectTo: string; name: string }
  | { kind: "edit"; id: number; name: string; frequency: AlertFrequency };

function savedSearchForm(t: Translate, form: FormFor) {
  const save = form.kind === "save";
  return {
    title: save ? t("Save this search") : t("Edit “{name}”", { name: form.name }),
    description: save
      ? t("We email you when a new car matches it. You can change or stop this at any time.")
      : t("Rename it, or choose how often to hear about new cars."),
    ...({
      action: SAVED_SEARCHES_PATH,
      formId: save ? "save-search-form" : `edit-search-${form.id}`,
      schema: savedSearchFormSchema,
      hidden: (save
        ? { intent: "save", search: form.search, redirectTo: form.redirectTo }
        : { intent: "edit", id: String(form.id) }) as Record<string, string>,
      submitLabel: save ? t("Save search") : t("Save changes"),
      pendingLabel: t("Saving…"),
      defaultValue: { name: form.name, frequency: save ? "daily" : form.frequency },
      children: (fields) => <SavedSearchFields fields={fields} />,
    } satisfies FormBody<typeof savedSearchFormSchema>),
  };
}

const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50";

/** The button and its dialog. */
export function SavedSearchButton({
  form,
  trigger,
  triggerLabel,
  fallbackHref,
  className = buttonClass,
}: {
  form: FormFor;
  trigger: string;
  triggerLabel?: string;
  fallbackHref: string;
  className?: string;
}) {
  const t = useT();
  return (
    <FormDialog
      {...savedSearchForm(t, form)}
      trigger={trigger}
      triggerLabel={triggerLabel}
      fallbackHref={fallbackHref}
      triggerClassName={className}
    />
  );
}

/** The same form on the Saved searches page (no JavaScript). */
export function SavedSearchInline({
  form,
  reply,
}: {
  form: FormFor;
  reply: SavedSearchReply | null;
}) {
  const t = useT();
  return (
    <FormSection
      {...savedSearchForm(t, form)}
      id="saved-search-form"
      closeTo={SAVED_SEARCHES_PATH}
      lastResult={reply?.result}
    />
  );
}
