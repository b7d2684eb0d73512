// "Something wrong?" under a conversation: report it to the admins (a reason and optional
// words, in a dialog; without JavaScript on the page, `?report`), and block the other side
// (behind a confirm) or lift one's own block.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";

import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { FormDialog, FormSection } from "#app/components/form-dialog/admin-form-dialog.tsx";
import type { FormBody, SchemaFields } from "#app/components/form-dialog/form-dialog-parts.tsx";
import { dangerButton, outlineButton } from "#app/components/ui/buttons.ts";
import { ReportFields } from "#app/components/report-fields.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import type { Translate } from "#app/i18n/translator.ts";
import {
  CONVERSATION_REPORT_REASON_LABEL,
  CONVERSATION_REPORT_REASONS,
  conversationReportSchema,
} from "#app/models/conversation.ts";

function ConversationReportFields({
  fields,
}: {
  fields: SchemaFields<typeof conversationReportSchema>;
}) {
  const t = useT();
  return (
    <ReportFields
      fields={fields}
      legend={t("What is wrong?")}
      reasons={CONVERSATION_REPORT_REASONS}
      labels={CONVERSATION_REPORT_REASON_LABEL}
      hint={t(
        "The admins read the messages of a reported conversation. The other person is not told.",
      )}
      maxLength={1000}
    />
  );
}

const reportForm = (t: Translate, path: string) => ({
  title: t("Report this conversation to the admins"),
  description: t(
    "Tell us what is wrong. The admins can then read this conversation, and only then.",
  ),
  ...({
    action: `${path}?report`,
    formId: "report-conversation-form",
    schema: conversationReportSchema,
    hidden: { intent: "report" },
    submitLabel: t("Send the report"),
    pendingLabel: t("Reporting…"),
    tone: "danger",
    children: (fields) => <ConversationReportFields fields={fields} />,
  } satisfies FormBody<typeof conversationReportSchema>),
});

export type ReportReply = { intent: "report"; result: SubmissionResult<string[]> };

export function SafetyTools({
  path,
  otherName,
  reported,
  blockedByMe,
  reportOnPage,
  reportReply,
}: {
  path: string;
  otherName: string;
  reported: boolean;
  blockedByMe: boolean;
  reportOnPage: boolean;
  reportReply: ReportReply | null;
}) {
  const t = useT();
  return (
    <section
      aria-labelledby="safety-tools"
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="safety-tools" className="font-semibold text-slate-900">
        {t("Something wrong?")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t(
          "Report a conversation that looks like a scam or harassment, or block the other person.",
        )}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {reported ? (
          <p className="text-sm text-slate-700">
            {t("You reported this conversation to the admins.")}
          </p>
        ) : reportOnPage ? null : (
          <FormDialog
            {...reportForm(t, path)}
            trigger={t("Report this conversation")}
            fallbackHref={`${path}?report#report-conversation`}
            triggerClassName={dangerButton}
          />
        )}
        {blockedByMe ? (
          <Form method="post" action={path}>
            <input type="hidden" name="intent" value="unblock" />
            <button type="submit" className={outlineButton}>
              {t("Unblock {name}", { name: otherName })}
            </button>
          </Form>
        ) : (
          <ConfirmDialog
            action={path}
            fields={{ intent: "block" }}
            title={t("Block {name}?", { name: otherName })}
            message={t("They will no longer be able to write to you here.")}
            detail={t(
              "They are only told that the conversation is closed. You can unblock them later.",
            )}
            confirmLabel={t("Block")}
            pendingLabel={t("Blocking…")}
            tone="danger"
            trigger={t("Block {name}", { name: otherName })}
            triggerClassName={outlineButton}
          />
        )}
      </div>
      {!reported && reportOnPage ? (
        <FormSection
          {...reportForm(t, path)}
          id="report-conversation"
          closeTo={path}
          lastResult={reportReply?.result}
        />
      ) : null}
    </section>
  );
}
