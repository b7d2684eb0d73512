// A message as plain text, line breaks kept. A web address in it is text until clicked:
// then it says where it leads and offers the link (never followed for search engines,
// never told where it came from), so nobody is carried off-site by a stranger's message.
import { useEffect, type ReactElement } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";

import { useSite } from "#app/components/use-site.ts";
import { dateLocaleOf } from "#app/models/dates.ts";
import { rememberTimeZone } from "#app/models/time-zone.ts";
import { useT, useTranslator } from "#app/i18n/i18n-provider.tsx";
import { textParts } from "#app/models/conversation.ts";

const BODY_PROPS = {
  translate: "no",
  className: "text-[0.95rem] leading-relaxed break-words whitespace-pre-wrap",
} as const;

export function MessageText({ body, mine }: { body: string; mine: boolean }) {
  const t = useT();
  const parts = textParts(body);
  if (parts.length === 1 && !parts[0]!.url) return <div {...BODY_PROPS}>{body}</div>;
  return (
    // A <div>: a <details> may not sit inside a <p>.
    <div {...BODY_PROPS}>
      {parts.map((part, index) =>
        part.url ? (
          <details
            key={index}
            className="inline [&::details-content]:inline [&:not([open])::details-content]:hidden"
          >
            <summary
              className={`inline cursor-pointer underline decoration-dotted ${mine ? "" : "text-brand-800"}`}
            >
              {part.text}
            </summary>
            <span
              className={`mt-1 block rounded-lg p-2 text-sm ${mine ? "bg-white/15" : "bg-slate-100 text-slate-800"}`}
            >
              {t("This link leaves the site. Do not pay or sign in on pages a stranger sends you.")}{" "}
              <a
                href={part.text}
                rel="noopener noreferrer nofollow ugc"
                target="_blank"
                className="font-semibold underline"
              >
                {t("Open the link")}
              </a>
            </span>
          </details>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}

/** How a page writes message times: an ISO instant to the `<time>` element that shows it. */
export type MessageTimes = (iso: string) => ReactElement;

const formatters = new Map<string, (iso: string) => string>();
/** Each format remembers this many of the times it wrote (a page shows up to 50). */
const REMEMBERED_TIMES = 2_000;

/**
 * Day and time in `locale`, in `timeZone` (UTC, and says so, when the zone is not known).
 * A message's time never changes, so each written time is kept: a conversation opened
 * again writes its 50 times from memory, not with Intl (3 µs each).
 */
function formatterOf(locale: string, timeZone: string | null): (iso: string) => string {
  const key = `${locale} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const format = new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: timeZone ?? "UTC",
      ...(timeZone ? {} : { timeZoneName: "short" }),
    });
    const written = new Map<string, string>();
    formatter = (iso) => {
      let text = written.get(iso);
      if (text === undefined) {
        if (written.size >= REMEMBERED_TIMES) written.clear();
        text = format.format(new Date(iso));
        written.set(iso, text);
      }
      return text;
    };
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * When messages were sent, in the page's language and the reader's time zone (the `tz`
 * cookie the conversation pages set), the same on the server and in the browser. One
 * call per list; each time is then a plain element, not a component of its own.
 */
export function useMessageTimes(): MessageTimes {
  const site = useSite();
  const { language } = useTranslator();
  const root = useRouteLoaderData("root") as { timeZone?: string | null } | undefined;
  const format = formatterOf(dateLocaleOf(site.locale, language), root?.timeZone ?? null);
  return (iso) => (
    <time dateTime={iso} translate="no">
      {format(iso)}
    </time>
  );
}

/**
 * Pages that show message times remember the browser's time zone for the next ones. The
 * first time, this page's times were written in UTC, and the root's data (which names the
 * zone) is kept by the pages reached from here by links: both are asked for again, so that
 * a page reached by a link shows the times the same page shows when loaded.
 */
export function useRememberTimeZone(): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (rememberTimeZone()) void revalidate();
  }, [revalidate]);
}
