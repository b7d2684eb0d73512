import { Link, NavLink } from "react-router";

import { SITE_NAME } from "#app/models/site.ts";

const NAV = [
  { to: "/", label: "Home", end: true },
  { to: "/products", label: "Products", end: false },
  { to: "/blogs", label: "Blogs", end: false },
];

function navClass({ isActive }: { isActive: boolean }) {
  return [
    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-white/15 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white",
  ].join(" ");
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 bg-brand-900/95 text-white shadow-sm backdrop-blur supports-[backdrop-filter]:bg-brand-900/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-md font-bold tracking-tight"
        >
          <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
          <span className="text-lg max-[400px]:sr-only">{SITE_NAME}</span>
        </Link>
        <nav aria-label="Main" className="ml-auto sm:ml-6">
          <ul className="flex items-center gap-0.5 sm:gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navClass} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center sm:ml-auto">
          <Link
            to="/login"
            className="rounded-md bg-accent-500 px-3 py-2 text-sm font-semibold text-slate-900 shadow-sm hover:bg-accent-400 sm:px-4"
          >
            Login
          </Link>
        </div>
      </div>
    </header>
  );
}
