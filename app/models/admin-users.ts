// The admin's user lists (spec §2, §4): which people each page shows and the
// words its buttons, confirms and toasts use.
import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";
import type { Role } from "#app/models/user.ts";

export type UsersPageKind = "user" | "seller" | "buyer";

export const USERS_PAGES: Record<
  UsersPageKind,
  { path: string; title: string; role: Role | null }
> = {
  user: { path: "/dashboard/alluser", title: msg("All Users"), role: null },
  seller: { path: "/dashboard/allseller", title: msg("All Sellers"), role: "seller" },
  buyer: { path: "/dashboard/allbuyer", title: msg("All Buyers"), role: "buyer" },
};

export function usersPageKind(pathname: string): UsersPageKind {
  const found = (Object.keys(USERS_PAGES) as UsersPageKind[]).find(
    (kind) => USERS_PAGES[kind].path === pathname,
  );
  return found ?? "user";
}

export const USERS_PAGE_SIZE = 25;
/** Longer searches are cut to this many characters. */
export const USER_SEARCH_MAX = 100;

// Each message in the reader's words: `t` from useT() or translatorFor(context).
export const ADMIN_MESSAGES = {
  /** Spec §8 confirms, with {kind} the page's kind. */
  confirmMakeAdmin: (kind: UsersPageKind, t: Translate = english) =>
    t("Are you sure to make {kind, select, seller {seller} buyer {buyer} other {user}} an admin?", {
      kind,
    }),
  confirmDelete: (kind: UsersPageKind, t: Translate = english) =>
    t(
      "Are you sure you want to delete this {kind, select, seller {seller} buyer {buyer} other {user}}?",
      { kind },
    ),
  /** DESIGN decision 10: the toast says what happened. */
  madeAdmin: (name: string, t: Translate = english) => t("{name} is now an admin", { name }),
  removedAdmin: (name: string, t: Translate = english) =>
    t("{name} is no longer an admin", { name }),
  /** Spec §8 toast. */
  deleted: (kind: UsersPageKind, t: Translate = english) =>
    t("Successfully Deleted The {kind, select, seller {Seller} buyer {Buyer} other {User}}", {
      kind,
    }),
  withdrawn: (name: string, t: Translate = english) => t("{name} is no longer verified", { name }),
  missing: msg("This account does not exist any more."),
  alreadyAdmin: msg("This person is already an admin."),
  notAdmin: msg("This person is not an admin."),
  adminNotDeletable: msg("Admins cannot be deleted. Remove their admin rights first."),
  lastAdmin: (site: string, t: Translate = english) =>
    t("{site} needs at least one admin: make someone else an admin first.", { site }),
  unknownIntent: msg("Unknown action. Please reload the page and try again."),
} as const;
