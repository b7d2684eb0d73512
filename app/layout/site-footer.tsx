import { AppLink } from "#app/components/ui/app-link.tsx";
import { useSite } from "#app/components/use-site.ts";
import { FooterLanguages } from "./language-switcher.tsx";

const EXPLORE = [
  { href: "/products", label: "Browse cars by category" },
  { href: "/products/allProducts", label: "All cars for sale" },
  { href: "/blogs", label: "Blogs" },
];

export function SiteFooter() {
  const site = useSite();
  return (
    <footer className="mt-16 bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div>
          <AppLink to="/" className="inline-flex items-center gap-3 rounded-md">
            <img
              src={site.logoUrl}
              alt={`${site.name} logo`}
              width={48}
              height={48}
              className="size-12"
            />
            <span className="text-xl font-bold text-white">{site.name}</span>
          </AppLink>
          {site.tagline ? <p className="mt-3 text-sm">{site.tagline}</p> : null}
          {site.contactEmail ? (
            <p className="mt-3 text-sm">
              <a
                href={`mailto:${site.contactEmail}`}
                className="break-all underline hover:text-white"
              >
                {site.contactEmail}
              </a>
            </p>
          ) : null}
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Explore</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {[...EXPLORE, ...site.pages].map((link) => (
              <li key={link.href}>
                <AppLink to={link.href} className="hover:text-white">
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        {site.social.length > 0 ? (
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Social</h2>
            <ul className="mt-3 flex gap-3">
              {site.social.map((link) => (
                <li key={link.kind}>
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
          © {new Date().getFullYear()} {site.name}. Open-source used-car marketplace.
        </p>
      </div>
    </footer>
  );
}
