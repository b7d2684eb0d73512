// User vocabulary shared by client and server.
import type { Language } from "#app/i18n/languages.ts";
import { msg } from "#app/i18n/translator.ts";

export const ROLES = ["buyer", "seller", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role, string> = {
  buyer: msg("Buyer/User"),
  seller: msg("Seller"),
  admin: msg("Admin"),
};

/** The signed-in user as pages see it. */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
  verified: boolean;
  /** The person opened the link we emailed (decision 018); "verified" is the seller badge. */
  emailVerified: boolean;
  /** The language the person chose (decision 020); null: the browser's, else the site's. */
  language: Language | null;
};

/** Roles a person may choose at registration (DESIGN decision 3). */
export const REGISTRATION_ROLES = ["buyer", "seller"] as const satisfies readonly Role[];

/** Up to two initials for a picture-less avatar: "Maya Thompson" → "MT". */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}
