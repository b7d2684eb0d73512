import { useEffect, useRef } from "react";
import { Form, NavLink, useLocation } from "react-router";

import { ChevronIcon } from "#app/components/icons.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { UserAvatar } from "#app/components/user-avatar.tsx";
import { DASHBOARD_MENU } from "#app/models/dashboard.ts";
import { SITE_NAME } from "#app/models/site.ts";
import type { SessionUser } from "#app/models/user.ts";

const NAV = [
  { to: "/", label: "Home", end: true },
  { to: "/products", label: "Products", end: false },
  { to: "/blogs", label: "Blogs", end: false },
];

function navClass({ isActive }: { isActive: boolean }) {
  return [
    "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
    isActive ? "bg-white/15 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white",
  ].join(" ");
}

/**
 * The Dashboard dropdown: a native disclosure, so it opens without JavaScript;
 * with it, Escape and a click elsewhere close it.
 */
function DashboardMenu({ user }: { user: SessionUser }) {
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

  const entries = [{ to: "/dashboard", label: "Overview" }, ...DASHBOARD_MENU[user.role]];
  return (
    <details ref={root} className="group relative">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white [&::-webkit-details-marker]:hidden">
        Dashboard
        <ChevronIcon
          direction="right"
          className="size-4 rotate-90 transition-transform group-open:-rotate-90"
        />
      </summary>
      <ul
        id="dashboard-menu"
        className="absolute right-0 z-50 mt-2 w-56 overflow-hidden rounded-xl bg-white py-1 text-slate-800 shadow-xl ring-1 ring-slate-900/10"
      >
        {entries.map((entry) => (
          <li key={entry.to + entry.label}>
            <NavLink
              to={entry.to}
              end
              className={({ isActive }) =>
                `block px-4 py-2.5 text-sm ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "hover:bg-slate-50"}`
              }
            >
              {entry.label}
            </NavLink>
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

export function SiteHeader({ user }: { user: SessionUser | null }) {
  const location = useLocation();
  return (
    <header className="sticky top-0 z-40 bg-brand-900/95 text-white shadow-sm backdrop-blur supports-[backdrop-filter]:bg-brand-900/85">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 px-4 sm:h-16 sm:flex-nowrap sm:px-6 lg:px-8">
        <AppLink
          to="/"
          className="flex h-14 shrink-0 items-center gap-2 rounded-md font-bold tracking-tight sm:h-auto"
        >
          <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
          <span className="text-lg max-[400px]:sr-only">{SITE_NAME}</span>
        </AppLink>
        <nav
          aria-label="Main"
          className="order-last -mx-1 w-full overflow-x-auto pb-2 sm:order-none sm:mx-0 sm:ml-6 sm:w-auto sm:pb-0"
        >
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navClass} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              {/* Keyed by path: the menu starts closed on every page. */}
              <DashboardMenu key={location.pathname} user={user} />
              <UserAvatar user={user} size={32} />
              <Form method="post" action="/logout" onSubmit={clearClientStorage}>
                <button
                  type="submit"
                  className="rounded-md bg-white/10 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-white/20"
                >
                  Log Out
                </button>
              </Form>
            </>
          ) : (
            <AppLink
              to="/login"
              className="rounded-md bg-accent-500 px-4 py-2 text-sm font-semibold text-slate-900 shadow-sm hover:bg-accent-400"
            >
              Login
            </AppLink>
          )}
        </div>
      </div>
    </header>
  );
}
