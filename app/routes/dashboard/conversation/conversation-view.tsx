// The conversation page's body: who and which car it is about, the messages (theirs on
// the start side, yours on the end side), warnings beside messages that read like a scam,
// "Seen" under your last message, and the form to write the next one, or why it is closed.
import type { SubmissionResult } from "@conform-to/react";
import { useLayoutEffect, useRef, type ReactNode } from "react";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import {
  CLOSED_TEXT,
  conversationPath,
  messagePhotoPath,
  WARNING_TEXT,
  type ClosedWhy,
  type Side,
  type WarningKind,
} from "#app/models/conversation.ts";
import { listingPath } from "#app/models/listing.ts";
import { SAFETY_PATH } from "#app/models/safety.ts";

import { Composer } from "./composer.tsx";
import { MessageText, useMessageTimes, useRememberTimeZone } from "./message-text.tsx";
import { useConversationEvents } from "./use-conversation-events.ts";

type Message = {
  id: number;
  mine: boolean;
  body: string;
  photos: MessagePhoto[];
  createdAt: string;
  warnings: WarningKind[];
};

type MessagePhoto = { id: number; width: number; height: number };

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
        id={conversation.id}
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
  id,
  earlierBefore,
  messages,
  otherName,
  seenLastMine,
}: {
  id: number;
  earlierBefore: number | null;
  messages: Message[];
  otherName: string;
  seenLastMine: boolean;
}) {
  const t = useT();
  const timeOf = useMessageTimes();
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
            to={`${conversationPath(id)}?before=${earlierBefore}`}
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
                {item.body ? <MessageText body={item.body} mine={item.mine} /> : null}
                {item.photos.length > 0 ? (
                  <MessagePhotos orderId={id} photos={item.photos} spaced={item.body !== ""} />
                ) : null}
              </div>
              <span className="mt-1 px-1 text-xs text-slate-500">
                {timeOf(item.createdAt)}
                {item.id === lastMineId && seenLastMine ? <> · {t("Seen")}</> : null}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

/** A message's photos as thumbnails, each a link to the large picture. */
export function MessagePhotos({
  orderId,
  photos,
  spaced,
}: {
  orderId: number;
  photos: MessagePhoto[];
  spaced: boolean;
}) {
  const t = useT();
  if (photos.length === 0) return null;
  return (
    // Two a row on a phone, cropped alike; side by side at their own shape on wider screens.
    <ul className={`grid grid-cols-2 gap-2 sm:flex sm:flex-wrap ${spaced ? "mt-2" : ""}`}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={messagePhotoPath(orderId, photo.id, "large")}
            target="_blank"
            rel="noopener"
            className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            <img
              src={messagePhotoPath(orderId, photo.id, "small")}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              alt={t("Photo {number} of {count}", { number: index + 1, count: photos.length })}
              className="h-28 w-full rounded-lg bg-slate-200 object-cover sm:h-36 sm:w-auto sm:max-w-full"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
