// The dashboard menu of spec §2, per role, and the permission each page needs.
import { msg } from "#app/i18n/translator.ts";
import type { Permission } from "#app/models/permissions.ts";
import type { Role } from "#app/models/user.ts";

export type MenuEntry = { to: string; label: string };

export const DASHBOARD_MENU: Record<Role, MenuEntry[]> = {
  seller: [
    { to: "/dashboard/sellCar", label: msg("Sell A Car") },
    { to: "/dashboard/myProducts", label: msg("My Products") },
    { to: "/dashboard/mybuyers", label: msg("My Buyers") },
  ],
  buyer: [
    { to: "/dashboard/myorders", label: msg("My Orders") },
    // DESIGN decision 9: the same URL shows the wishlist to buyers.
    { to: "/dashboard/myProducts", label: msg("My Wishlist") },
  ],
  admin: [
    { to: "/dashboard/allseller", label: msg("All Sellers") },
    { to: "/dashboard/allbuyer", label: msg("All Buyers") },
    { to: "/dashboard/alluser", label: msg("All Users") },
    { to: "/dashboard/reportedItems", label: msg("Reported Items") },
  ],
};

/** What each dashboard page requires (the guard and the authorization matrix read this). */
export const DASHBOARD_PAGE_PERMISSION = {
  dashboard: "use:dashboard",
  myOrders: "read:order:own",
  myProducts: "use:dashboard",
  wishlist: "use:wishlist",
  // Saved searches (issue 28; a dashboard shortcut): saving a search is saving, as a car is.
  savedSearches: "use:wishlist",
  // Conversations (issue 27): a person's own, as buyer and as seller.
  conversations: "use:conversation:own",
  sellCar: "create:listing",
  editProduct: "update:listing:own",
  myBuyers: "read:buyers:own",
  allUsers: "read:user:any",
  reportedItems: "read:report:any",
  // The audit log of admin actions (not in the spec's menu: a dashboard shortcut).
  audit: "read:user:any",
  // Site settings (issue 25; a dashboard shortcut as well).
  settings: "update:site:any",
  // Categories (issue 25, decision 019; a dashboard shortcut too).
  categories: "update:site:any",
  // Safe places for viewings (issue 27; a dashboard shortcut too).
  safePlaces: "update:site:any",
  // The words that put scam warnings beside messages (issue 27).
  warningWords: "update:site:any",
} as const satisfies Record<string, Permission>;
