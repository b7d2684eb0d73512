import { AppLink } from "#app/components/ui/app-link.tsx";

/** An honest placeholder for a dashboard page whose feature has not landed yet. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-amber-700 uppercase">Coming soon</p>
        <p className="mt-2 text-slate-700">{what}</p>
        <p className="mt-2 text-slate-700">
          This page is not built yet; nothing here works for now.
        </p>
        <AppLink
          to="/dashboard"
          className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
        >
          Back to the dashboard
        </AppLink>
      </div>
    </div>
  );
}
