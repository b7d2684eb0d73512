// The inbox's rows: each conversation's car, the other person, the last message and how
// many wait unread; and the setting for emails about unread messages.
import { Form } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import {
  CLOSED_TEXT,
  conversationPath,
  type ClosedWhy,
  type Side,
} from "#app/models/conversation.ts";

import { useMessageTimes, useRememberTimeZone } from "../conversation/message-text.tsx";

type Row = {
  id: number;
  side: Side;
  title: string;
  with: string | null;
  closed: ClosedWhy | null;
  unread: number;
  last: string | null;
  activeAt: string;
};

export function ConversationList({ rows }: { rows: Row[] }) {
  const t = useT();
  const timeOf = useMessageTimes();
  useRememberTimeZone();
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {rows.map((row) => (
        <li key={row.id}>
          <AppLink
            to={conversationPath(row.id)}
            className="flex items-start gap-4 p-4 hover:bg-slate-50 focus-visible:bg-slate-50 sm:p-5"
          >
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-baseline gap-x-2">
                <span
                  translate="no"
                  className={`text-slate-900 ${row.unread > 0 ? "font-bold" : "font-semibold"}`}
                >
                  {row.title}
                </span>
                <span className="text-sm text-slate-600">
                  {row.side === "buyer"
                    ? t("with the seller, {name}", { name: row.with ?? t("a deleted account") })
                    : t("with {name}, a buyer", { name: row.with ?? t("a deleted account") })}
                </span>
              </span>
              <span
                translate="no"
                className={`mt-1 block truncate text-sm ${row.unread > 0 ? "text-slate-900" : "text-slate-600"}`}
              >
                {/* A message of photos alone has no words. */}
                {row.last === null ? t("No messages yet.") : row.last || t("(photos)")}
              </span>
              {row.closed ? (
                <span className="mt-1 block text-xs font-medium text-amber-800">
                  {t(CLOSED_TEXT[row.closed])}
                </span>
              ) : null}
            </span>
            <span className="flex shrink-0 flex-col items-end gap-1 text-xs text-slate-500">
              {timeOf(row.activeAt)}
              {row.unread > 0 ? (
                <span className="rounded-full bg-brand-600 px-2 py-0.5 font-bold text-white">
                  {t("{count, plural, one {# unread} other {# unread}}", { count: row.unread })}
                </span>
              ) : null}
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

export function MessageEmailsForm({ action, emails }: { action: string; emails: boolean }) {
  const t = useT();
  return (
    <Form
      method="post"
      action={action}
      className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <input type="hidden" name="intent" value="emails" />
      <div className="flex items-start gap-3">
        <input
          id="message-emails"
          type="checkbox"
          name="emails"
          defaultChecked={emails}
          aria-describedby="message-emails-note"
          className="mt-1 size-4 rounded border-slate-300 text-brand-600"
        />
        <span>
          <label htmlFor="message-emails" className="block font-semibold text-slate-900">
            {t("Email me about messages I have not read")}
          </label>
          <span id="message-emails-note" className="block text-sm text-slate-600">
            {t(
              "When a message waits unread for 10 minutes, we email you once, and at most once an hour per conversation.",
            )}
          </span>
        </span>
      </div>
      <button
        type="submit"
        className="mt-4 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
      >
        {t("Save")}
      </button>
    </Form>
  );
}
