// The reader's time zone for the times of messages (issue 27): the browser says it once in
// the `tz` cookie, and from then on the server writes times in it, so a page loaded and the
// same page reached by a link show the same times. Without the cookie, times are in UTC.
// Client-safe.

export const TIME_ZONE_COOKIE = "tz";

/** An IANA time zone name this runtime knows ("Europe/Madrid"), or null. */
export function validTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return null;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

/** The time zone in a Cookie header, or null. */
export function timeZoneFromCookie(header: string | null): string | null {
  const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(header ?? "");
  return validTimeZone(match ? decodeURIComponent(match[1]!) : null);
}

/**
 * Remembers the browser's time zone in the cookie, when it is not already there: true when
 * it was not and now is (the page's times were written without it).
 */
export function rememberTimeZone(): boolean {
  const zone = validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  if (!zone || timeZoneFromCookie(document.cookie) === zone) return false;
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  return timeZoneFromCookie(document.cookie) === zone;
}
