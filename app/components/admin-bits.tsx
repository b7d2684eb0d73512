// Pieces the admin pages share: the links between them, and dates that read the
// same on the server and in the browser.
import { NavLink } from "react-router";

const ADMIN_LINKS = [
  { to: "/dashboard/alluser", label: "All Users" },
  { to: "/dashboard/allseller", label: "All Sellers" },
  { to: "/dashboard/allbuyer", label: "All Buyers" },
  { to: "/dashboard/reportedItems", label: "Reported Items" },
  { to: "/dashboard/audit", label: "Audit Log" },
  { to: "/dashboard/settings", label: "Site Settings" },
  { to: "/dashboard/categories", label: "Categories" },
];

export function AdminNav() {
  return (
    <nav aria-label="Admin pages" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {ADMIN_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              className={({ isActive }) =>
                `inline-flex rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${
                  isActive
                    ? "bg-brand-700 text-white ring-brand-700"
                    : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
                }`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

export function formatDay(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatMoment(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
