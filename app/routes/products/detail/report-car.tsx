// 'Report To Admin' on a car's page (spec §2, §8, DESIGN decision 19): the spec's
// question, then why (a reason and optional words), in one dialog; without
// JavaScript the same form shows on the page (`?report`).
import {
  ChoiceGroup,
  FormDialog,
  FormSection,
  TextAreaField,
} from "#app/components/form-dialog/admin-form-dialog.tsx";
import type { FormReply } from "#app/components/form-dialog/form-dialog-parts.tsx";
import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABEL,
  REPORT_REASONS,
} from "#app/models/report.ts";

const REASON_OPTIONS = REPORT_REASONS.map((value) => ({
  value,
  label: REPORT_REASON_LABEL[value],
}));

function ReportFields({ reply }: { reply: FormReply | null }) {
  return (
    <>
      <ChoiceGroup
        legend="Why are you reporting it?"
        name="reason"
        type="radio"
        options={REASON_OPTIONS}
        error={reply?.fieldErrors?.reason}
        defaultValue={reply?.values?.reason ? [reply.values.reason] : []}
      />
      <TextAreaField
        label="Anything the admins should know? (optional)"
        hint="For example what is wrong in the listing. The seller does not see your report."
        name="details"
        maxLength={REPORT_DETAILS_MAX}
        error={reply?.fieldErrors?.details}
        defaultValue={reply?.values?.details}
      />
    </>
  );
}

const body = (action: string) => ({
  action,
  fields: { intent: "report" },
  submitLabel: "Yes, report",
  pendingLabel: "Reporting…",
  tone: "danger" as const,
  children: (reply: FormReply | null) => <ReportFields reply={reply} />,
});

/** The button and its dialog. `path` is the car's page. */
export function ReportCarButton({ path, title }: { path: string; title: string }) {
  return (
    <FormDialog
      {...body(`${path}?report`)}
      trigger="Report To Admin"
      fallbackHref={`${path}?report#report-car`}
      triggerClassName="inline-flex items-center justify-center rounded-lg px-3 py-2.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
      title={`Report ${title} to the admins`}
      description={REPORT_MESSAGES.confirm}
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
  reply: FormReply | null;
}) {
  return (
    <FormSection
      {...body(`${path}?report`)}
      id="report-car"
      title={`Report ${title} to the admins`}
      description={REPORT_MESSAGES.confirm}
      closeTo={path}
      reply={reply}
    />
  );
}
