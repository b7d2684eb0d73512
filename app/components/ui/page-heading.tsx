import type { ReactNode } from "react";

/** A page's title and one line about it, with the page's own buttons on the right. */
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
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-600">{intro}</p>
      </div>
      {children}
    </div>
  );
}
