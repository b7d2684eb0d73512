// Flash toasts that survive a redirect (STYLE 7): the action sets a signed,
// short-lived cookie; the root loader reads it once and clears it.
import { randomUUID } from "node:crypto";

import { createCookie, redirect } from "react-router";

import { z } from "zod";

import { TOAST_TYPES, type Toast, type ToastType } from "#app/models/toast.ts";

// Kept on the server: the browser bundle stays free of zod on every page.
const toastSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(TOAST_TYPES),
  message: z.string().min(1).max(300),
});

/** What signs and scopes our cookies (from the app config in router context). */
export type CookieConfig = { secret: string; secureCookies: boolean };

function toastCookie(config: CookieConfig) {
  return createCookie("carlot_toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    secrets: [config.secret],
    maxAge: 60,
  });
}

export async function toastHeader(
  config: CookieConfig,
  toast: { type: ToastType; message: string },
): Promise<string> {
  const value: Toast = { id: randomUUID(), ...toast };
  return toastCookie(config).serialize(value);
}

/** A redirect that shows `toast` on the next page; extra Set-Cookie headers are kept. */
export async function redirectWithToast(
  config: CookieConfig,
  url: string,
  toast: { type: ToastType; message: string },
  headers: Headers = new Headers(),
): Promise<Response> {
  headers.append("Set-Cookie", await toastHeader(config, toast));
  return redirect(url, { headers });
}

/** Reads and clears the pending toast, if any. */
export async function popToast(
  config: CookieConfig,
  request: Request,
): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookie = toastCookie(config);
  const raw = await cookie.parse(request.headers.get("Cookie"));
  if (!raw) return { toast: null, setCookie: null };
  const parsed = toastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    setCookie: await cookie.serialize("", { maxAge: 0 }),
  };
}
