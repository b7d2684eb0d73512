import { AppLink, AppNavLink } from "#app/components/ui/app-link.tsx";
import { loadWhenShown } from "#app/components/ui/load-when-shown.tsx";
import { useSite } from "#app/components/use-site.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";
import { HeaderLanguage } from "./language-switcher.tsx";
import type { SessionUser } from "#app/models/user.ts";

const NAV = [
  { to: "/", label: msg("Home"), end: true },
  { to: "/products", label: msg("Products"), end: false },
  { to: "/blogs", label: msg("Blogs"), end: false },
];

function navClass({ isActive }: { isActive: boolean }) {
  return [
    "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
    isActive ? "bg-white/15 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white",
  ].join(" ");
}

// Visitors' pages do not download the signed-in part of the header.
const HeaderAccount = loadWhenShown(() =>
  import("./header-account.tsx").then((m) => m.HeaderAccount),
);

export function SiteHeader({ user, unread = 0 }: { user: SessionUser | null; unread?: number }) {
  const site = useSite();
  const t = useT();
  return (
    <header className="sticky top-0 z-40 bg-brand-900/95 text-white shadow-sm backdrop-blur supports-[backdrop-filter]:bg-brand-900/85">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 px-4 sm:h-16 sm:flex-nowrap sm:px-6 lg:px-8">
        <AppLink
          to="/"
          className="flex h-14 shrink-0 items-center gap-2 rounded-md font-bold tracking-tight sm:h-auto"
        >
          <img src={site.logoUrl} alt="" width={32} height={32} className="size-8" />
          <span translate="no" className="text-lg max-[400px]:sr-only">
            {site.name}
          </span>
        </AppLink>
        <nav
          aria-label={t("Main")}
          className="order-last -mx-1 w-full overflow-x-auto pb-2 sm:order-none sm:mx-0 sm:ms-6 sm:w-auto sm:pb-0"
        >
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <AppNavLink to={item.to} end={item.end} className={navClass} prefetch="intent">
                  {t(item.label)}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <HeaderLanguage />
          {user ? (
            <HeaderAccount user={user} unread={unread} />
          ) : (
            <AppLink
              to="/login"
              className="rounded-md bg-accent-500 px-4 py-2 text-sm font-semibold text-slate-900 shadow-sm hover:bg-accent-400"
            >
              {t("Login")}
            </AppLink>
          )}
        </div>
      </div>
    </header>
  );
}
