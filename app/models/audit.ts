// The audit trail of admin actions: what each action is called, for the log page.
import { parseUserId } from "#app/models/id.ts";

export const AUDIT_ACTIONS = [
  "make_admin",
  "remove_admin",
  "verify_seller",
  "withdraw_verification",
  "delete_user",
  "delete_listing",
  "dismiss_reports",
  "update_settings",
  "create_category",
  "update_category",
  "hide_category",
  "show_category",
  "reorder_category",
  "delete_category",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  make_admin: "Made admin",
  remove_admin: "Removed admin rights",
  verify_seller: "Verified seller",
  withdraw_verification: "Withdrew verification",
  delete_user: "Deleted account",
  delete_listing: "Deleted car",
  dismiss_reports: "Dismissed reports",
  update_settings: "Changed site settings",
  create_category: "Added category",
  update_category: "Changed category",
  hide_category: "Hid category",
  show_category: "Showed category",
  reorder_category: "Moved category",
  delete_category: "Deleted category",
};

export type AuditSubjectType = "user" | "listing" | "site" | "category";

/** What a log row says beyond its columns; names are kept so the log outlives the records. */
export type AuditDetails = {
  actorName: string;
  subjectName: string;
  [key: string]: unknown;
};

export const AUDIT_PAGE_SIZE = 50;

export function isAuditAction(value: unknown): value is AuditAction {
  return AUDIT_ACTIONS.includes(value as AuditAction);
}

export type AuditFilters = {
  action: AuditAction | null;
  actorId: string | null;
  /** Inclusive UTC days, "YYYY-MM-DD". */
  from: string | null;
  to: string | null;
};

function day(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

/** The audit page's filters from its URL; anything unreadable is no filter. */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const action = params.get("action");
  const actor = params.get("actor");
  return {
    action: isAuditAction(action) ? action : null,
    actorId: parseUserId(actor),
    from: day(params.get("from")),
    to: day(params.get("to")),
  };
}
