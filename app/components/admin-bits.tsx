// Pieces the admin pages share: the links between them, and dates that read the
// same on the server and in the browser.
import { useSite } from "#app/components/use-site.ts";
import { AppNavLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";
import { useTranslator } from "#app/i18n/i18n-provider.tsx";
import type { PageLanguage } from "#app/i18n/languages.ts";
import { dateLocaleOf } from "#app/models/dates.ts";

const ADMIN_LINKS = [
  { to: "/dashboard/alluser", label: msg("All Users") },
  { to: "/dashboard/allseller", label: msg("All Sellers") },
  { to: "/dashboard/allbuyer", label: msg("All Buyers") },
  { to: "/dashboard/reportedItems", label: msg("Reported Items") },
  { to: "/dashboard/audit", label: msg("Audit Log") },
  { to: "/dashboard/settings", label: msg("Site Settings") },
  { to: "/dashboard/categories", label: msg("Categories") },
  { to: "/dashboard/safePlaces", label: msg("Safe places") },
  { to: "/dashboard/warningWords", label: msg("Warning words") },
];

export function AdminNav() {
  const t = useT();
  return (
    <nav aria-label={t("Admin pages")} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {ADMIN_LINKS.map((link) => (
          <li key={link.to}>
            <AppNavLink
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
              {t(link.label)}
            </AppNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const DAY: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
};
const MOMENT: Intl.DateTimeFormatOptions = {
  ...DAY,
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
};
const formats = new Map<string, Intl.DateTimeFormat>();

function formatted(
  iso: string,
  locale: string,
  language: PageLanguage,
  kind: "day" | "moment",
): string {
  const key = `${kind} ${locale} ${language}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocaleOf(locale, language), kind === "day" ? DAY : MOMENT);
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

// Dates are written in the page's language, in the site's locale's form (dateLocaleOf):
// marked translate="no", as Intl's formatting rather than words of the catalogue.

/** A day ("3 Mar 2026"), in the site's locale. */
export function Day({ iso }: { iso: string }) {
  return (
    <span translate="no">{formatted(iso, useSite().locale, useTranslator().language, "day")}</span>
  );
}

/** A day and time in UTC ("3 Mar 2026, 14:05 UTC"), in the site's locale. */
export function Moment({ iso }: { iso: string }) {
  return (
    <span translate="no">
      {formatted(iso, useSite().locale, useTranslator().language, "moment")}
    </span>
  );
}
