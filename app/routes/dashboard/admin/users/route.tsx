// /dashboard/alluser, /dashboard/allseller and /dashboard/allbuyer (admin only,
// spec §2, §4): one searchable, paginated list per page, to make admins, verify
// sellers (and withdraw a verification) and delete accounts. Every action is
// checked here on the server and recorded in the audit log by its model.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

import { AdminUsersPage } from "./users-page.tsx";
import { translatorOfMatches } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import type { Translate } from "#app/i18n/translator.ts";
import {
  ADMIN_MESSAGES,
  USER_SEARCH_MAX,
  USERS_PAGES,
  usersPageKind,
} from "#app/models/admin-users.ts";
import { titleOf } from "#app/models/seo.ts";
import { deleteUser, findUsers, makeAdmin, removeAdmin } from "#app/models/admin-users.server.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parsePage, parseUserId } from "#app/models/id.ts";
import { roleCan, type Permission } from "#app/models/permissions.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import { isPlainText, TEXT_MESSAGES } from "#app/models/text.ts";
import type { SessionUser } from "#app/models/user.ts";
import { verifySeller, withdrawVerification } from "#app/models/verification.server.ts";
import { verifySchema, withdrawSchema } from "#app/models/verification-form.ts";
import { VERIFICATION_MESSAGES } from "#app/models/verification.ts";
import type { ProblemCode } from "#app/models/problem.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t } = translatorOfMatches(matches);
  return [titleOf(matches, loaderData?.title ? t(loaderData.title) : t("Users"))];
};

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

/** The list's search; a control character in it is a bad address (400), not a search. */
function searchOf(url: URL, t: Translate): string {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, USER_SEARCH_MAX);
  if (!isPlainText(q)) {
    throw data(t("Search: {problem}", { problem: t(TEXT_MESSAGES.control) }), { status: 400 });
  }
  return q;
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.allUsers);
  const kind = usersPageKind(url.pathname);
  const q = searchOf(url, translatorFor(context).t);
  const list = await findUsers(servicesOf(context).db, {
    role: USERS_PAGES[kind].role,
    q,
    page: parsePage(url.searchParams.get("page")),
  });
  return {
    kind,
    title: USERS_PAGES[kind].title,
    q,
    viewerId: viewer.id,
    ...list,
    // Without JavaScript, 'Verify Seller' and 'Withdraw' show their form on the page.
    verifyId: parseUserId(url.searchParams.get("verify")),
    withdrawId: parseUserId(url.searchParams.get("withdraw")),
    words: pageWords(context, "dashboard", "admin"),
  };
}

type Reply = { intent: string; error: string; result?: SubmissionResult<string[]> };

/** A form whose fields need another look: Conform's result, shown next to the fields. */
function invalid(intent: "verify" | "withdraw", result: SubmissionResult<string[]>) {
  return data({ intent, result }, problemInit({ code: "invalid" }));
}

type Refusal = Exclude<ProblemCode, "rate-limited" | "failed" | "forbidden">;

/** The refusal in words; a checked form also gets it as Conform's result, with what was sent. */
function refuse(
  intent: string,
  code: Refusal,
  message: string,
  submission?: { reply: (options: { formErrors: string[] }) => SubmissionResult<string[]> },
) {
  const result = submission?.reply({ formErrors: [message] });
  return data({ intent, error: message, result } satisfies Reply, problemInit({ code }));
}

function requireAllowed(viewer: SessionUser, permission: Permission, t: Translate) {
  if (!roleCan(viewer.role, permission)) {
    throw data(t("Only admins can do this."), problemInit({ code: "forbidden" }));
  }
}

/** Back to the same list, search and page, without a dialog's parameter. */
function backTo(url: URL): string {
  const params = new URLSearchParams();
  for (const name of ["q", "page"]) {
    const value = url.searchParams.get(name);
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

type Services = ReturnType<typeof servicesOf>;
type Actor = { id: string; name: string };
type Outcome = Response | ReturnType<typeof refuse> | ReturnType<typeof invalid>;

const INTENTS = ["makeAdmin", "removeAdmin", "verify", "withdraw", "delete"] as const;
type Intent = (typeof INTENTS)[number];

export async function action({ context, request, url }: Route.ActionArgs) {
  const viewer = await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.allUsers);
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const intent = INTENTS.find((value) => value === form.get("intent"));
  if (!intent)
    return refuse(String(form.get("intent") ?? ""), "invalid", t(ADMIN_MESSAGES.unknownIntent));
  requireAllowed(viewer, intent === "delete" ? "delete:user:any" : "update:user:any", t);
  const id = parseUserId(form.get("id"));
  if (!id) return refuse(intent, "not-found", t(ADMIN_MESSAGES.missing));
  const services = servicesOf(context);
  const done = (message: string) =>
    redirectWithToast(services.config, backTo(url), { type: "success", message });
  const actor = { id: viewer.id, name: viewer.name };
  return HANDLERS[intent]({
    services,
    actor,
    id,
    form,
    done,
    t,
    kind: usersPageKind(url.pathname),
  });
}

type HandlerArgs = {
  services: Services;
  actor: Actor;
  id: string;
  form: FormData;
  /** Back to the list with a toast: the message, in the request's words. */
  done: (message: string) => Promise<Response>;
  /** The request's language, for toasts and refusals. */
  t: Translate;
  kind: ReturnType<typeof usersPageKind>;
};

/** One function per button: the model's answer in words and HTTP status. */
const HANDLERS: Record<Intent, (args: HandlerArgs) => Promise<Outcome>> = {
  async makeAdmin({ services, actor, id, done, t }) {
    const result = await makeAdmin(services.db, actor, id);
    if (result.ok) return done(ADMIN_MESSAGES.madeAdmin(result.name, t));
    return result.reason === "missing"
      ? refuse("makeAdmin", "not-found", t(ADMIN_MESSAGES.missing))
      : refuse("makeAdmin", "conflict", t(ADMIN_MESSAGES.alreadyAdmin));
  },
  async removeAdmin({ services, actor, id, done, t }) {
    const result = await removeAdmin(services.db, actor, id);
    if (result.ok) return done(ADMIN_MESSAGES.removedAdmin(result.name, t));
    if (result.reason === "missing")
      return refuse("removeAdmin", "not-found", t(ADMIN_MESSAGES.missing));
    const message =
      result.reason === "last admin"
        ? ADMIN_MESSAGES.lastAdmin((await getSiteSettings(services.db)).name, t)
        : t(ADMIN_MESSAGES.notAdmin);
    return refuse("removeAdmin", "conflict", message);
  },
  async verify({ services, actor, id, form, done, t }) {
    const submission = parseSubmission(form, verifySchema);
    if (submission.status !== "success") return invalid("verify", submission.reply());
    const result = await verifySeller(services.db, actor, id, submission.value.checks);
    if (result.ok) return done(t(VERIFICATION_MESSAGES.verified));
    if (result.reason === "missing")
      return refuse("verify", "not-found", t(ADMIN_MESSAGES.missing), submission);
    const message =
      result.reason === "not seller"
        ? VERIFICATION_MESSAGES.notSeller
        : VERIFICATION_MESSAGES.alreadyVerified;
    return refuse("verify", "conflict", t(message), submission);
  },
  async withdraw({ services, actor, id, form, done, t }) {
    const submission = parseSubmission(form, withdrawSchema);
    if (submission.status !== "success") return invalid("withdraw", submission.reply());
    const { reason } = submission.value;
    const result = await withdrawVerification(services.db, actor, id, reason);
    if (result.ok) return done(ADMIN_MESSAGES.withdrawn(result.name, t));
    return result.reason === "missing"
      ? refuse("withdraw", "not-found", t(ADMIN_MESSAGES.missing), submission)
      : refuse("withdraw", "conflict", t(VERIFICATION_MESSAGES.notVerified), submission);
  },
  async delete({ services, actor, id, done, kind, t }) {
    const result = await deleteUser(services, actor, id);
    if (result.ok) return done(ADMIN_MESSAGES.deleted(kind, t));
    return result.reason === "missing"
      ? refuse("delete", "not-found", t(ADMIN_MESSAGES.missing))
      : refuse("delete", "conflict", t(ADMIN_MESSAGES.adminNotDeletable));
  },
};

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminUsersPage {...loaderData} reply={actionData ?? null} />;
}
