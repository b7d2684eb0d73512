// The conversation page's body: who and which car it is about, the messages (theirs on
// the start side, yours on the end side), warnings beside messages that read like a scam,
// "Seen" under your last message, and the form to write the next one, or why it is closed.
import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { FieldError, FormError, inputClass, SubmitButton } from "#app/components/ui/form.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import {
  CLOSED_TEXT,
  conversationPath,
  MESSAGE_MAX_CHARS,
  messageFormSchema,
  WARNING_TEXT,
  type ClosedWhy,
  type Side,
  type WarningKind,
} from "#app/models/conversation.ts";
import { listingPath } from "#app/models/listing.ts";
import { SAFETY_PATH } from "#app/models/safety.ts";

import { MessageText, MessageTime, useRememberTimeZone } from "./message-text.tsx";
import { useConversationEvents } from "./use-conversation-events.ts";

type Message = {
  id: number;
  mine: boolean;
  body: string;
  createdAt: string;
  warnings: WarningKind[];
};

export type ConversationData = {
  id: number;
  side: Side;
  closed: ClosedWhy | null;
  car: { id: number | null; title: string };
  other: { name: string | null; image: string | null };
  contact: { phone: string; meetingLocation: string } | null;
  messages: Message[];
  earlierBefore: number | null;
  seenLastMine: boolean;
  startedAt: string;
  blockedByMe: boolean;
  reported: boolean;
};

export function ConversationView({
  conversation,
  composeKey,
  lastResult,
  error,
  viewing,
}: {
  conversation: ConversationData;
  /** The viewing box, between the header and the messages. */
  viewing?: ReactNode;
  composeKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
  error: string | undefined;
}) {
  const t = useT();
  const { car, other, contact, messages, closed } = conversation;
  const otherName = other.name ?? t("a deleted account");
  useConversationEvents(conversation.id);
  useRememberTimeZone();
  return (
    <>
      <header className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900">
          {car.id !== null ? (
            <AppLink to={listingPath(car.id)} className="hover:underline">
              <span translate="no">{car.title}</span>
            </AppLink>
          ) : (
            <span translate="no">{car.title}</span>
          )}
        </h1>
        <p className="mt-1 text-slate-600">
          {conversation.side === "buyer"
            ? t("Your conversation with the seller, {name}.", { name: otherName })
            : t("Your conversation with {name}, who asked about your car.", { name: otherName })}
        </p>
        {contact ? (
          <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-slate-700">{t("Phone")}</dt>
            <dd>
              <a
                href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}
                className="text-brand-700 hover:underline"
              >
                <bdi translate="no">{contact.phone}</bdi>
              </a>
            </dd>
            <dt className="font-semibold text-slate-700">{t("Meeting place")}</dt>
            <dd translate="no">{contact.meetingLocation}</dd>
          </dl>
        ) : null}
      </header>

      {viewing}

      <MessageLog
        path={conversationPath(conversation.id)}
        earlierBefore={conversation.earlierBefore}
        messages={messages}
        otherName={otherName}
        seenLastMine={conversation.seenLastMine}
      />

      {closed ? (
        <p
          role="status"
          className="mt-4 rounded-xl bg-slate-100 p-4 text-slate-800 ring-1 ring-slate-200"
        >
          {t(CLOSED_TEXT[closed])}
        </p>
      ) : (
        <Composer
          key={messages.filter((item) => item.mine).length}
          composeKey={composeKey}
          lastResult={lastResult}
          error={error}
        />
      )}
    </>
  );
}

function MessageLog({
  path,
  earlierBefore,
  messages,
  otherName,
  seenLastMine,
}: {
  path: string;
  earlierBefore: number | null;
  messages: Message[];
  otherName: string;
  seenLastMine: boolean;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  // The newest message in view: at first, and when one arrives.
  useLayoutEffect(() => {
    const list = box.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastId]);
  const lastMineId = messages.findLast((item) => item.mine)?.id;
  if (messages.length === 0) {
    return (
      <p className="mt-6 rounded-2xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
        {t(
          "No messages yet. Say hello, ask about the car's history, or suggest a time to see it in a safe public place.",
        )}
      </p>
    );
  }
  return (
    // Scrollable, so reachable by keyboard; new messages are announced (role="log").
    <div
      ref={box}
      role="region"
      aria-label={t("Messages")}
      tabIndex={0}
      className="mt-6 max-h-[65vh] overflow-y-auto rounded-2xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4"
    >
      {earlierBefore !== null ? (
        <p className="mb-3 text-center">
          <AppLink
            to={`${path}?before=${earlierBefore}`}
            preventScrollReset
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            {t("Earlier messages")}
          </AppLink>
        </p>
      ) : null}
      <div role="log">
        <ol className="space-y-3">
          {messages.map((item) => (
            <li
              key={item.id}
              className={`flex flex-col ${item.mine ? "items-end" : "items-start"}`}
            >
              {item.warnings.length > 0 ? (
                <div
                  role="note"
                  className="mb-1.5 max-w-[90%] rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300"
                >
                  <p className="font-semibold">{t("Be careful with this message")}</p>
                  <ul className="mt-1 list-disc space-y-1 ps-5">
                    {item.warnings.map((kind) => (
                      <li key={kind}>{t(WARNING_TEXT[kind])}</li>
                    ))}
                  </ul>
                  <AppLink to={SAFETY_PATH} className="mt-1 inline-block font-semibold underline">
                    {t("How to buy and sell safely")}
                  </AppLink>
                </div>
              ) : null}
              <div
                className={`max-w-[85%] rounded-2xl px-4 py-2.5 shadow-sm ${
                  item.mine
                    ? "rounded-ee-sm bg-brand-600 text-white"
                    : "rounded-es-sm bg-white text-slate-900 ring-1 ring-slate-200"
                }`}
              >
                <span className="sr-only">
                  {item.mine ? t("You:") : t("{name}:", { name: otherName })}
                </span>
                <MessageText body={item.body} mine={item.mine} />
              </div>
              <span className="mt-1 px-1 text-xs text-slate-500">
                <MessageTime iso={item.createdAt} />
                {item.id === lastMineId && seenLastMine ? <> · {t("Seen")}</> : null}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

/**
 * Whether the next composer takes the focus: the one before it sent its message. Outside
 * React's state, so it survives that composer's remount (a page has one composer).
 */
const focusAfterSending = { current: false };

function Composer({
  composeKey,
  lastResult,
  error,
}: {
  composeKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
  error: string | undefined;
}) {
  const t = useT();
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]>; error?: string }>();
  const answer = fetcher.data;
  const { form, fields } = useSchemaForm(
    "message",
    messageFormSchema,
    answer?.result ?? lastResult,
    { checkOnSubmit: true },
  );
  const pending = fetcher.state !== "idle";
  // One key per compose: kept while the message is being written and sent (a retry of
  // the same compose is the same message). Once it is in, the page renders a new composer
  // (keyed by the count of the sender's messages) with a new key, and focus stays here.
  const [key] = useState(composeKey);
  const [length, setLength] = useState(0);
  // Stable, so it runs once, when this composer's textarea mounts.
  const takeFocus = useCallback((element: HTMLTextAreaElement | null) => {
    if (element && focusAfterSending.current) {
      focusAfterSending.current = false;
      element.focus();
    }
  }, []);
  // A refused send (its answer comes back here; a sent one redirects) remounts nothing:
  // the next composer, perhaps on another conversation, must not take the focus for it.
  useEffect(() => {
    if (answer) focusAfterSending.current = false;
  }, [answer]);
  const formError = answer?.error ?? error ?? form.errors?.[0];
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      {...getFormProps(form)}
      onSubmit={(event) => {
        form.onSubmit(event);
        if (!event.defaultPrevented) focusAfterSending.current = true;
      }}
    >
      <FormError message={formError ?? null} />
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="composeKey" value={key} />
      <label htmlFor={fields.body.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {t("Your message")}
      </label>
      <textarea
        {...getTextareaProps(fields.body)}
        ref={takeFocus}
        rows={3}
        maxLength={MESSAGE_MAX_CHARS}
        translate="no"
        className={inputClass}
        onChange={(event) => setLength(event.currentTarget.value.length)}
        onKeyDown={(event) => {
          // Ctrl+Enter (or ⌘+Enter) sends; Enter alone starts a new line.
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FieldError id={fields.body.errorId} errors={fields.body.errors} />
        <span className="text-xs text-slate-500" aria-hidden="true">
          {length > MESSAGE_MAX_CHARS - 200 ? `${length} / ${MESSAGE_MAX_CHARS}` : null}
        </span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-md text-xs text-slate-600">
          {t("Keep the conversation here: it is where we can help if something goes wrong.")}
        </p>
        <div className="ms-auto">
          <SubmitButton pending={pending} pendingLabel={t("Sending…")} className="px-8">
            {t("Send")}
          </SubmitButton>
        </div>
      </div>
    </fetcher.Form>
  );
}
