// Shared by the moderation tests: signed-in people, posting to an action as one
// of them, and reading the flash toast of a redirect.
import { expect } from "vitest";

import { createUserWithPassword } from "#app/models/user.server.ts";
import type { Role } from "#app/models/user.ts";
import * as login from "#app/routes/auth/login/route.tsx";
import { popToast } from "#app/services/toast.server.ts";
import type { TestEnv } from "#tests/db.ts";

import { callAction, cookieFrom, dataOf, responseOf } from "./helpers.ts";

export const PASSWORD = "moderation-password";
let counter = 0;

export type Person = { id: string; name: string; email: string; cookie: string };

/** A real account of `role`, signed in through the login action. */
export async function person(t: TestEnv, role: Role, name?: string): Promise<Person> {
  const n = ++counter;
  const email = `${role}-${n}-${Date.now()}@moderation.example`;
  const fullName = name ?? `The ${role} ${n}`;
  const id = await createUserWithPassword(t.db, {
    name: fullName,
    email,
    password: PASSWORD,
    role,
  });
  return { id, name: fullName, email, cookie: await logIn(t, email) };
}

/** Signs in; an empty cookie when refused. */
export async function logIn(t: TestEnv, email: string): Promise<string> {
  const result = await responseOf(() =>
    callAction(login.action, {
      path: "/login",
      form: { email, password: PASSWORD },
      context: t.context(),
    }),
  ).catch(() => null);
  return result && result.status === 302 ? cookieFrom(result) : "";
}

type ActionFn = (args: never) => unknown;

/** Posts a form as someone; returns the status and the body (data or a thrown response). */
export async function post(
  t: TestEnv,
  action: ActionFn,
  options: {
    path: string;
    form: Record<string, string>;
    who?: Person;
    params?: Record<string, string>;
  },
): Promise<{ status: number; data: unknown; response: Response | null }> {
  try {
    const value = await callAction(action as (args: never) => Promise<unknown>, {
      path: options.path,
      form: options.form,
      params: options.params,
      context: t.context(),
      cookie: options.who?.cookie,
    });
    if (value instanceof Response) return { status: value.status, data: null, response: value };
    const { data, status } = dataOf(value);
    return { status, data, response: null };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, data: null, response: error };
    const init = (error as { init?: { status?: number }; data?: unknown }).init;
    if (init?.status)
      return { status: init.status, data: (error as { data?: unknown }).data, response: null };
    throw error;
  }
}

/** The success toast a redirect carries. */
export async function toastOf(t: TestEnv, response: Response | null) {
  expect(response?.status).toBe(302);
  const { toast } = await popToast(
    t.services.config,
    new Request("http://localhost:3000/", { headers: { cookie: cookieFrom(response!) } }),
  );
  return toast;
}
