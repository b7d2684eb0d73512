// A message as plain text, line breaks kept. A web address in it is text until clicked:
// then it says where it leads and offers the link (never followed for search engines,
// never told where it came from), so nobody is carried off-site by a stranger's message.
import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";

import { useSite } from "#app/components/use-site.ts";
import { dateLocaleOf } from "#app/models/dates.ts";
import { rememberTimeZone } from "#app/models/time-zone.ts";
import { useT, useTranslator } from "#app/i18n/i18n-provider.tsx";
import { textParts } from "#app/models/conversation.ts";

export function MessageText({ body, mine }: { body: string; mine: boolean }) {
  const t = useT();
  return (
    // A <div>: a <details> may not sit inside a <p>.
    <div translate="no" className="text-[0.95rem] leading-relaxed break-words whitespace-pre-wrap">
      {textParts(body).map((part, index) =>
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

const formats = new Map<string, Intl.DateTimeFormat>();

/** Day and time in `locale`, in `timeZone` (UTC, and says so, when the zone is not known). */
function formatOf(locale: string, timeZone: string | null): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: timeZone ?? "UTC",
      ...(timeZone ? {} : { timeZoneName: "short" }),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * When a message was sent, in the page's language and the reader's time zone (the `tz`
 * cookie the conversation pages set), the same on the server and in the browser.
 */
export function MessageTime({ iso }: { iso: string }) {
  const site = useSite();
  const { language } = useTranslator();
  const root = useRouteLoaderData("root") as { timeZone?: string | null } | undefined;
  return (
    <time dateTime={iso} translate="no">
      {formatOf(dateLocaleOf(site.locale, language), root?.timeZone ?? null).format(new Date(iso))}
    </time>
  );
}

/** Pages that show message times remember the browser's time zone for the next ones. */
export function useRememberTimeZone(): void {
  useEffect(rememberTimeZone, []);
}
