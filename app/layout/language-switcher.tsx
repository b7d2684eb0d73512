// The language switcher (decision 020): a plain form posting to /language, so it works
// without JavaScript; it comes back to the same page with the same filters. The header
// shows it as a small disclosure, the footer as a row of buttons.
import { useLocation } from "react-router";

import { useT, useTranslator } from "#app/i18n/i18n-provider.tsx";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "#app/i18n/languages.ts";

function LanguageButtons({ className }: { className: string }) {
  const { language } = useTranslator();
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/language" className={className}>
      <input type="hidden" name="redirectTo" value={pathname + search} />
      {LANGUAGES.map((choice: Language) => (
        <button
          key={choice}
          type="submit"
          name="language"
          value={choice}
          lang={choice}
          translate="no"
          aria-current={choice === language ? "true" : undefined}
          className="rounded-md px-3 py-2 text-start text-sm hover:bg-white/10 hover:text-white aria-[current]:font-semibold aria-[current]:text-white"
        >
          {LANGUAGE_NAMES[choice]}
        </button>
      ))}
    </form>
  );
}

/** In the header: the current language's code, opening the list. */
export function HeaderLanguage() {
  const t = useT();
  const { language } = useTranslator();
  return (
    <details className="group relative">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md px-2.5 py-2 text-sm font-medium text-slate-200 uppercase hover:bg-white/10 hover:text-white [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="icon-globe size-4" />
        <span className="sr-only">{t("Language")}: </span>
        <span translate="no">{language === "en-XA" ? "en" : language}</span>
      </summary>
      <div className="absolute end-0 z-50 mt-2 w-44 rounded-xl bg-brand-900 p-1 text-slate-200 shadow-xl ring-1 ring-white/15">
        <LanguageButtons className="flex flex-col" />
      </div>
    </details>
  );
}

/** In the footer: every language, one click each. */
export function FooterLanguages() {
  const t = useT();
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t("Language")}</h2>
      <LanguageButtons className="-ms-3 mt-2 flex flex-wrap" />
    </div>
  );
}
