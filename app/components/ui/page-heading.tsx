import type { ReactNode } from "react";

import { useT } from "#app/i18n/i18n-provider.tsx";

/**
 * A page's title and one line about it, with the page's own buttons on the right. The
 * texts are catalogue messages or already the reader's words (shown through `t`).
 */
export function PageHeading({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  /** Links or buttons beside the title (they wrap below it on a phone). */
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(title)}</h1>
        <p className="mt-1 text-slate-600">{typeof intro === "string" ? t(intro) : intro}</p>
      </div>
      {children}
    </div>
  );
}
