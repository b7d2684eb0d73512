// 'Report To Admin' on a car's page (spec §2, §8, DESIGN decision 19): the spec's
// question, then why (a reason and optional words), in one dialog; without
// JavaScript the same form shows on the page (`?report`). Both check it with the
// action's schema (report-form.ts).
import type { SubmissionResult } from "@conform-to/react";

import { FormDialog, FormSection } from "#app/components/form-dialog/admin-form-dialog.tsx";
import type { FormBody, SchemaFields } from "#app/components/form-dialog/form-dialog-parts.tsx";
import { ReportFields } from "#app/components/report-fields.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import type { Translate } from "#app/i18n/translator.ts";
import { reportFormSchema } from "#app/models/report-form.ts";
import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABEL,
  REPORT_REASONS,
} from "#app/models/report.ts";

/** What the action answers when it does not redirect: Conform's result. */
export type ReportReply = { intent: "report"; result: SubmissionResult<string[]> };

/** Why: one of the reasons, and optional words. */
function CarReportFields({ fields }: { fields: SchemaFields<typeof reportFormSchema> }) {
  const t = useT();
  return (
    <ReportFields
      fields={fields}
      legend={t("Why are you reporting it?")}
      reasons={REPORT_REASONS}
      labels={REPORT_REASON_LABEL}
      hint={t("For example what is wrong in the listing. The seller does not see your report.")}
      maxLength={REPORT_DETAILS_MAX}
    />
  );
}

/** The form, its heading and its question. `path` is the car's page. */
const reportForm = (t: Translate, path: string, title: string) => ({
  title: t("Report {title} to the admins", { title }),
  description: t(REPORT_MESSAGES.confirm),
  ...({
    action: `${path}?report`,
    formId: "report-car-form",
    schema: reportFormSchema,
    hidden: { intent: "report" },
    submitLabel: t("Yes, report"),
    pendingLabel: t("Reporting…"),
    tone: "danger",
    children: (fields) => <CarReportFields fields={fields} />,
  } satisfies FormBody<typeof reportFormSchema>),
});

/** The button and its dialog. */
export function ReportCarButton({ path, title }: { path: string; title: string }) {
  const t = useT();
  return (
    <FormDialog
      {...reportForm(t, path, title)}
      trigger={t("Report To Admin")}
      fallbackHref={`${path}?report#report-car`}
      triggerClassName="inline-flex items-center justify-center rounded-lg px-3 py-2.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
    />
  );
}

/** The form on the page (no JavaScript). */
export function ReportCarInline({
  path,
  title,
  reply,
}: {
  path: string;
  title: string;
  reply: ReportReply | null;
}) {
  const t = useT();
  return (
    <FormSection
      {...reportForm(t, path, title)}
      id="report-car"
      closeTo={path}
      lastResult={reply?.result}
    />
  );
}
