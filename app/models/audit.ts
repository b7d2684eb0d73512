// The audit trail of admin actions: what each action is called, for the log page.
import { msg } from "#app/i18n/translator.ts";
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
  "create_safe_place",
  "update_safe_place",
  "delete_safe_place",
  "add_warning_phrase",
  "remove_warning_phrase",
  "restore_warning_phrases",
  "read_conversation",
  "dismiss_conversation_reports",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  make_admin: msg("Made admin"),
  remove_admin: msg("Removed admin rights"),
  verify_seller: msg("Verified seller"),
  withdraw_verification: msg("Withdrew verification"),
  delete_user: msg("Deleted account"),
  delete_listing: msg("Deleted car"),
  dismiss_reports: msg("Dismissed reports"),
  update_settings: msg("Changed site settings"),
  create_category: msg("Added category"),
  update_category: msg("Changed category"),
  hide_category: msg("Hid category"),
  show_category: msg("Showed category"),
  reorder_category: msg("Moved category"),
  delete_category: msg("Deleted category"),
  create_safe_place: msg("Added safe place"),
  update_safe_place: msg("Changed safe place"),
  delete_safe_place: msg("Deleted safe place"),
  add_warning_phrase: msg("Added warning word"),
  remove_warning_phrase: msg("Removed warning word"),
  restore_warning_phrases: msg("Restored built-in warning words"),
  read_conversation: msg("Read a reported conversation"),
  dismiss_conversation_reports: msg("Dismissed conversation reports"),
};

export type AuditSubjectType =
  "user" | "listing" | "site" | "category" | "safe_place" | "warning_phrase" | "conversation";

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
