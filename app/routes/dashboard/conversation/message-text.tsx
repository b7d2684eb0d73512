// A message as plain text, line breaks kept. A web address in it is text until clicked:
// then it says where it leads and offers the link (never followed for search engines,
// never told where it came from), so nobody is carried off-site by a stranger's message.
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
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

const utc = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});
const local = new Map<string, Intl.DateTimeFormat>();

/** The reader's own time zone, in the page's language. */
function localFormat(): Intl.DateTimeFormat {
  const language = document.documentElement.lang || "en";
  let format = local.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === "ar" ? "ar-u-nu-latn" : language, {
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
    });
    local.set(language, format);
  }
  return format;
}

/**
 * When a message was sent: in UTC as the server renders it (and while the page hydrates),
 * then in the reader's own time zone once React runs in their browser.
 */
export function MessageTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  return (
    <time dateTime={iso} translate="no">
      {hydrated ? localFormat().format(date) : utc.format(date)}
    </time>
  );
}
