// The links an alert email and the Saved searches page carry that work without signing in:
// unsubscribing one saved search (or one person's saved-car emails) and a saved search's
// Atom feed. Each is signed with the site's secret for its one purpose and its one target,
// so a link unsubscribes only what it was made for and a feed link cannot unsubscribe.
import { createHmac, timingSafeEqual } from "node:crypto";

export type LinkPurpose = "unsubscribe" | "feed";
/** A saved search, or the saved-car emails of one person. */
export type LinkTarget = { search: number } | { cars: string };

const targetText = (target: LinkTarget) =>
  "search" in target ? `s.${target.search}` : `c.${target.cars}`;

const signature = (secret: string, purpose: LinkPurpose, target: LinkTarget) =>
  createHmac("sha256", secret)
    .update(`alerts:${purpose}:${targetText(target)}`)
    .digest("base64url")
    .slice(0, 32);

/** `s.12.<signature>` or `c.<user id>.<signature>`. */
export function linkToken(secret: string, purpose: LinkPurpose, target: LinkTarget): string {
  return `${targetText(target)}.${signature(secret, purpose, target)}`;
}

/** What a token names, when its signature is right for this purpose; otherwise null. */
export function readLinkToken(
  secret: string,
  purpose: LinkPurpose,
  token: string,
): LinkTarget | null {
  const match = /^(s|c)\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [, kind, id, given] = match as unknown as [string, string, string, string];
  let target: LinkTarget;
  if (kind === "s") {
    if (!/^[1-9][0-9]{0,9}$/.test(id)) return null;
    target = { search: Number(id) };
  } else {
    target = { cars: id };
  }
  const expected = Buffer.from(signature(secret, purpose, target));
  const offered = Buffer.from(given);
  return expected.length === offered.length && timingSafeEqual(expected, offered) ? target : null;
}

export const unsubscribeUrl = (publicUrl: string, secret: string, target: LinkTarget) =>
  `${publicUrl}/alerts/unsubscribe?token=${linkToken(secret, "unsubscribe", target)}`;

export const feedUrl = (publicUrl: string, secret: string, search: number) =>
  `${publicUrl}/alerts/feed?token=${linkToken(secret, "feed", { search })}`;
