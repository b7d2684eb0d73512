import { AppLink } from "#app/components/ui/app-link.tsx";
import { useSite } from "#app/components/use-site.ts";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";
import { FALLBACK_SITE } from "#app/models/site.ts";
import { FooterLanguages } from "./language-switcher.tsx";

const EXPLORE = [
  { href: "/products", label: msg("Browse cars by category") },
  { href: "/products/allProducts", label: msg("All cars for sale") },
  { href: "/blogs", label: msg("Blogs") },
];

export function SiteFooter() {
  const site = useSite();
  const t = useT();
  // The built-in tagline is a catalogue message; an operator's own is their words.
  const ownTagline = site.tagline !== FALLBACK_SITE.tagline;
  return (
    <footer className="mt-16 bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div>
          <AppLink to="/" className="inline-flex items-center gap-3 rounded-md">
            <img
              src={site.logoUrl}
              alt={t("{site} logo", { site: site.name })}
              width={48}
              height={48}
              className="size-12"
            />
            <span translate="no" className="text-xl font-bold text-white">
              {site.name}
            </span>
          </AppLink>
          {site.tagline ? (
            <p translate={ownTagline ? "no" : undefined} className="mt-3 text-sm">
              {t(site.tagline)}
            </p>
          ) : null}
          {site.contactEmail ? (
            <p className="mt-3 text-sm">
              <a
                href={`mailto:${site.contactEmail}`}
                translate="no"
                className="break-all underline hover:text-white"
              >
                {site.contactEmail}
              </a>
            </p>
          ) : null}
        </div>
        <nav aria-label={t("Footer")}>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            {t("Explore")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {/* The names of the operator's pages (About, Terms, Privacy) are the models' messages. */}
            {[...EXPLORE, ...site.pages].map((link) => (
              <li key={link.href}>
                <AppLink to={link.href} className="hover:text-white">
                  {t(link.label)}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        {site.social.length > 0 ? (
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
              {t("Social")}
            </h2>
            <ul className="mt-3 flex gap-3">
              {site.social.map((link) => (
                <li key={link.kind}>
                  {/* The root loader names the link in the page's words (publicSiteOf). */}
                  <a
                    href={link.href}
                    aria-label={link.label}
                    rel="noopener noreferrer"
                    className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent-500 hover:text-slate-900"
                  >
                    {/* Drawn by CSS (.icon-microblog, .icon-video, .icon-social in app.css). */}
                    <span aria-hidden="true" className={`icon-${link.kind} size-5`} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <FooterLanguages />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-300 sm:px-6 lg:px-8">
          <Rich
            message="© {year} {name}. Open-source used-car marketplace."
            values={{
              year: String(new Date().getFullYear()),
              name: <span translate="no">{site.name}</span>,
            }}
          />
        </p>
      </div>
    </footer>
  );
}
