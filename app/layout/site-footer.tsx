import { MicroblogIcon, SocialNetworkIcon, VideoIcon } from "#app/components/icons.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { SITE_NAME, SITE_TAGLINE, SOCIAL_LINKS } from "#app/models/site.ts";

const SOCIAL_ICONS = {
  microblog: MicroblogIcon,
  video: VideoIcon,
  social: SocialNetworkIcon,
};

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <AppLink to="/" className="inline-flex items-center gap-3 rounded-md">
            <img
              src="/logo.svg"
              alt={`${SITE_NAME} logo`}
              width={48}
              height={48}
              className="size-12"
            />
            <span className="text-xl font-bold text-white">{SITE_NAME}</span>
          </AppLink>
          <p className="mt-3 text-sm">{SITE_TAGLINE}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Explore</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <AppLink to="/products" className="hover:text-white">
                Browse cars by category
              </AppLink>
            </li>
            <li>
              <AppLink to="/products/allProducts" className="hover:text-white">
                All cars for sale
              </AppLink>
            </li>
            <li>
              <AppLink to="/blogs" className="hover:text-white">
                Blogs
              </AppLink>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Social</h2>
          <ul className="mt-3 flex gap-3">
            {SOCIAL_LINKS.map((link) => {
              const IconComponent = SOCIAL_ICONS[link.kind];
              return (
                <li key={link.kind}>
                  <a
                    href={link.href}
                    aria-label={link.label}
                    rel="noopener noreferrer"
                    className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent-500 hover:text-slate-900"
                  >
                    <IconComponent className="size-5" />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-300 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {SITE_NAME}. Open-source used-car marketplace.
        </p>
      </div>
    </footer>
  );
}
