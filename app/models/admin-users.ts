// The admin's user lists (spec §2, §4): which people each page shows and the
// words its buttons, confirms and toasts use.
import type { Role } from "#app/models/user.ts";

export type UsersPageKind = "user" | "seller" | "buyer";

export const USERS_PAGES: Record<
  UsersPageKind,
  { path: string; title: string; role: Role | null; noun: string }
> = {
  user: { path: "/dashboard/alluser", title: "All Users", role: null, noun: "User" },
  seller: { path: "/dashboard/allseller", title: "All Sellers", role: "seller", noun: "Seller" },
  buyer: { path: "/dashboard/allbuyer", title: "All Buyers", role: "buyer", noun: "Buyer" },
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

export const ADMIN_MESSAGES = {
  /** Spec §8 confirms, with {kind} the page's kind. */
  confirmMakeAdmin: (kind: UsersPageKind) => `Are you sure to make ${kind} an admin?`,
  confirmDelete: (kind: UsersPageKind) => `Are you sure you want to delete this ${kind}?`,
  /** DESIGN decision 10: the toast says what happened. */
  madeAdmin: (name: string) => `${name} is now an admin`,
  removedAdmin: (name: string) => `${name} is no longer an admin`,
  /** Spec §8 toast. */
  deleted: (kind: UsersPageKind) => `Successfully Deleted The ${USERS_PAGES[kind].noun}`,
  withdrawn: (name: string) => `${name} is no longer verified`,
  missing: "This account does not exist any more.",
  alreadyAdmin: "This person is already an admin.",
  notAdmin: "This person is not an admin.",
  adminNotDeletable: "Admins cannot be deleted. Remove their admin rights first.",
  lastAdmin: (site: string) =>
    `${site} needs at least one admin: make someone else an admin first.`,
  unknownIntent: "Unknown action. Please reload the page and try again.",
} as const;
