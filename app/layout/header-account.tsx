// The signed-in part of the site header: the Dashboard menu, the avatar and Log Out.
import { useEffect, useRef } from "react";
import { AppNavLink } from "#app/components/ui/app-link.tsx";
import { Form, useLocation } from "react-router";

import { ChevronIcon } from "#app/components/icons.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";
import { UserAvatar } from "./user-avatar.tsx";
import { DASHBOARD_MENU } from "#app/models/dashboard.ts";
import type { SessionUser } from "#app/models/user.ts";

/**
 * The Dashboard dropdown: a native disclosure, so it opens without JavaScript;
 * with it, Escape and a click elsewhere close it.
 */
function DashboardMenu({ user }: { user: SessionUser }) {
  const t = useT();
  const root = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (focusSummary: boolean) => {
      const details = root.current;
      if (!details?.open) return;
      details.open = false;
      if (focusSummary) details.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  const entries = [{ to: "/dashboard", label: msg("Overview") }, ...DASHBOARD_MENU[user.role]];
  return (
    <details ref={root} className="group relative">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white [&::-webkit-details-marker]:hidden">
        {t("Dashboard")}
        <ChevronIcon
          direction="down"
          className="size-4 transition-transform group-open:rotate-180"
        />
      </summary>
      <ul
        id="dashboard-menu"
        className="absolute end-0 z-50 mt-2 w-56 overflow-hidden rounded-xl bg-white py-1 text-slate-800 shadow-xl ring-1 ring-slate-900/10"
      >
        {entries.map((entry) => (
          <li key={entry.to + entry.label}>
            <AppNavLink
              to={entry.to}
              end
              className={({ isActive }) =>
                `block px-4 py-2.5 text-sm ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "hover:bg-slate-50"}`
              }
            >
              {t(entry.label)}
            </AppNavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

function clearClientStorage() {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage may be unavailable (private mode); nothing to clear then.
  }
}

/** Messages, with how many wait unread (issue 27). */
function MessagesLink({ unread }: { unread: number }) {
  const t = useT();
  const label =
    unread > 0
      ? t("{count, plural, one {Messages, # unread} other {Messages, # unread}}", { count: unread })
      : t("Messages");
  // The count sits beside the link, not in it: the link's name says the exact count, and
  // a badge of "99+" inside it would be visible text its name does not contain (WCAG 2.5.3).
  return (
    <span className="relative inline-flex">
      <AppNavLink
        to="/dashboard/conversations"
        aria-label={label}
        title={label}
        className={({ isActive }) =>
          `inline-flex size-9 items-center justify-center rounded-md ${isActive ? "bg-white/15 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white"}`
        }
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12Z" />
        </svg>
      </AppNavLink>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute -end-1 -top-1 min-w-5 rounded-full bg-accent-500 px-1 text-center text-xs leading-5 font-bold text-slate-900"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </span>
  );
}

export function HeaderAccount({ user, unread }: { user: SessionUser; unread: number }) {
  const location = useLocation();
  const t = useT();
  return (
    <>
      <MessagesLink unread={unread} />
      {/* Keyed by path: the menu starts closed on every page. */}
      <DashboardMenu key={location.pathname} user={user} />
      <UserAvatar user={user} size={32} />
      <Form method="post" action="/logout" onSubmit={clearClientStorage}>
        <button
          type="submit"
          className="rounded-md bg-white/10 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-white/20"
        >
          {t("Log Out")}
        </button>
      </Form>
    </>
  );
}
