// A calendar file (RFC 5545) for a viewing's emails (issue 27): one event, its times in UTC
// so every calendar shows them in its own zone. Client-safe.

/** A calendar file an email carries: PUBLISH adds or updates the event, CANCEL removes it. */
export type CalendarFile = { method: "PUBLISH" | "CANCEL"; content: string };

/** Escapes a TEXT value: backslashes, semicolons, commas and line breaks. */
const escapeText = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

/** A UTC DATE-TIME: 20261205T093000Z. */
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Folds a content line at 75 octets (continuation lines start with a space). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  const text = new TextDecoder();
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length);
    // Never cut a UTF-8 character in two.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(text.decode(bytes.subarray(start, end)));
    start = end;
  }
  return parts.join("\r\n ");
}

export function calendarFile(event: {
  method: CalendarFile["method"];
  /** Stable across the event's emails, so a cancellation finds it. */
  uid: string;
  /** 0 when agreed; higher for a change (a cancellation). */
  sequence: number;
  start: Date;
  minutes: number;
  summary: string;
  location: string;
  description: string;
  url: string;
  now: Date;
}): CalendarFile {
  const end = new Date(event.start.getTime() + event.minutes * 60_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Carlot//Viewings//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${stamp(event.now)}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return { method: event.method, content: `${lines.map(fold).join("\r\n")}\r\n` };
}
