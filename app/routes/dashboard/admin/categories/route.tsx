// /dashboard/categories (admins): the categories visitors browse by (issue 25,
// decision 019). Add, rename, change the photo, reorder, hide, delete an empty one or
// move its cars to another and delete it. Each button is one intent; each change is one
// transaction with its audit row, and shows on every node within a second.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

import { CategoriesPage } from "./categories-page.tsx";
import { translatorOfMatches } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import type { Translate } from "#app/i18n/translator.ts";
import {
  addCategorySchema,
  CATEGORY_MESSAGES,
  categoryIdSchema,
  categoryRefusalMessage,
  deleteCategorySchema,
  editCategorySchema,
  moveCategorySchema,
} from "#app/models/category-form.ts";
import {
  createCategory,
  findAdminCategories,
  moveCategory,
  setCategoryHidden,
  updateCategory,
  type CategoryRefusal,
} from "#app/models/category-admin.server.ts";
import { deleteCategory } from "#app/models/category-delete.server.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parseId } from "#app/models/id.ts";
import type { ProblemCode } from "#app/models/problem.ts";
import { titleOf } from "#app/models/seo.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => [
  titleOf(matches, translatorOfMatches(matches).t("Categories")),
];

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

const PAGE = "/dashboard/categories";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.categories);
  const { db, storage } = servicesOf(context);
  return {
    categories: await findAdminCategories(db, storage),
    // ?edit=… and ?delete=… show that category's form in its place (no JavaScript needed).
    editId: parseId(url.searchParams.get("edit")),
    deleteId: parseId(url.searchParams.get("delete")),
    words: pageWords(context, "dashboard", "admin"),
  };
}

const INTENTS = ["add", "edit", "move", "hide", "show", "delete"] as const;
type Intent = (typeof INTENTS)[number];

export type Reply = {
  intent: string;
  id?: number;
  error?: string;
  result?: SubmissionResult<string[]>;
};

const STATUS_OF: Record<CategoryRefusal["reason"], Exclude<ProblemCode, "rate-limited">> = {
  missing: "not-found",
  "name taken": "invalid",
  "address taken": "invalid",
  photo: "invalid",
  "last visible": "conflict",
  "target missing": "invalid",
  "cars changed": "conflict",
};

type Submission = {
  reply: (options: {
    fieldErrors?: Record<string, string[]>;
    formErrors?: string[];
  }) => SubmissionResult<string[]>;
};

/** A refusal in words: next to its field on a checked form, else for the whole form. */
function refuse(intent: Intent, t: Translate, refusal: CategoryRefusal, submission?: Submission) {
  const message = categoryRefusalMessage(refusal, t);
  const result =
    "field" in refusal
      ? submission?.reply({ fieldErrors: { [refusal.field]: [message] } })
      : submission?.reply({ formErrors: [message] });
  const reply: Reply = { intent, error: message, result };
  return data(reply, problemInit({ code: STATUS_OF[refusal.reason] }));
}

/** A form whose fields need another look: Conform's result, shown next to the fields. */
function invalid(intent: Intent, result: SubmissionResult<string[]>) {
  const reply: Reply = { intent, result };
  return data(reply, problemInit({ code: "invalid" }));
}

/** A hidden field that is not a category's id: the form was not sent from this page. */
const MISSING: CategoryRefusal = { ok: false, reason: "missing" };

type HandlerArgs = {
  services: ReturnType<typeof servicesOf>;
  actor: { id: string; name: string };
  form: FormData;
  done: (message: string) => Promise<Response>;
  /** The request's language, for toasts and refusals. */
  t: Translate;
};
type Outcome = Response | ReturnType<typeof refuse> | ReturnType<typeof invalid>;

/** One function per button: the model's answer in words and HTTP status. */
const HANDLERS: Record<Intent, (args: HandlerArgs) => Promise<Outcome>> = {
  async add({ services, actor, form, done, t }) {
    const submission = parseSubmission(form, addCategorySchema);
    if (submission.status !== "success") return invalid("add", submission.reply());
    const saved = await createCategory(services, actor, submission.value, t);
    return saved.ok
      ? done(t("{name} added", { name: saved.name }))
      : refuse("add", t, saved, submission);
  },
  async edit({ services, actor, form, done, t }) {
    const submission = parseSubmission(form, editCategorySchema);
    if (submission.status !== "success") return invalid("edit", submission.reply());
    const saved = await updateCategory(services, actor, submission.value, t);
    if (!saved.ok) return refuse("edit", t, saved, submission);
    return done(
      saved.changes.length > 0 ? t("{name} saved", { name: saved.name }) : t("Nothing changed"),
    );
  },
  async move({ services, actor, form, done, t }) {
    const submission = parseSubmission(form, moveCategorySchema);
    if (submission.status !== "success") return refuse("move", t, MISSING);
    const { id, direction } = submission.value;
    const moved = await moveCategory(services.db, actor, id, direction);
    if (!moved.ok) return refuse("move", t, moved);
    if (moved.changes.length === 0) return done(t("Nothing changed"));
    return done(
      direction === "up"
        ? t("{name} moved up", { name: moved.name })
        : t("{name} moved down", { name: moved.name }),
    );
  },
  hide: (args) => setHidden(args, true),
  show: (args) => setHidden(args, false),
  async delete({ services, actor, form, done, t }) {
    const submission = parseSubmission(form, deleteCategorySchema);
    if (submission.status !== "success") return refuse("delete", t, MISSING);
    const { id, cars, moveTo } = submission.value;
    if (cars > 0 && moveTo === null) {
      const refusal = { ok: false, reason: "target missing", field: "moveTo" } as const;
      return refuse("delete", t, refusal, submission);
    }
    const deleted = await deleteCategory(services, actor, id, { expectedCars: cars, moveTo });
    if (!deleted.ok) return refuse("delete", t, deleted, submission);
    return done(
      deleted.target
        ? t("{count, plural, one {# car} other {# cars}} moved to {target}; {name} deleted", {
            count: deleted.moved,
            target: deleted.target.name,
            name: deleted.name,
          })
        : t("{name} deleted", { name: deleted.name }),
    );
  },
};

async function setHidden({ services, actor, form, done, t }: HandlerArgs, hidden: boolean) {
  const intent = hidden ? "hide" : "show";
  const submission = parseSubmission(form, categoryIdSchema);
  if (submission.status !== "success") return refuse(intent, t, MISSING);
  const result = await setCategoryHidden(services.db, actor, submission.value.id, hidden);
  if (!result.ok) return refuse(intent, t, result);
  if (result.changes.length === 0) return done(t("Nothing changed"));
  return done(
    hidden
      ? t("{name} is hidden from visitors", { name: result.name })
      : t("{name} is shown to visitors", { name: result.name }),
  );
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.categories,
  );
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const intent = INTENTS.find((value) => value === form.get("intent"));
  if (!intent) {
    const reply: Reply = { intent: "", error: t(CATEGORY_MESSAGES.unknownIntent) };
    return data(reply, problemInit({ code: "invalid" }));
  }
  const services = servicesOf(context);
  return HANDLERS[intent]({
    services,
    actor: { id: viewer.id, name: viewer.name },
    form,
    done: (message) => redirectWithToast(services.config, PAGE, { type: "success", message }),
    t,
  });
}

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  return <CategoriesPage {...loaderData} reply={(actionData as Reply | undefined) ?? null} />;
}
