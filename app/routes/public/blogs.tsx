import { SITE_NAME } from "#app/models/site.ts";

import type { Route } from "./+types/blogs";

export const meta: Route.MetaFunction = () => [{ title: `Blogs — ${SITE_NAME}` }];

export default function Blogs() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Blogs</h1>
    </div>
  );
}
