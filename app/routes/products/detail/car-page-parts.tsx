// Parts of a car's page (app/routes/products/detail/route.tsx) that every visitor sees.

/**
 * One fact; `theirs` when the value is not to be translated: the seller's own words
 * (make, model, colour), or a distance with its unit ("45,000 km"), kept as it is.
 */
export function Fact({
  label,
  value,
  theirs = false,
}: {
  label: string;
  value: string | number | null;
  theirs?: boolean;
}) {
  if (value === null || value === "") return null;
  return (
    <div className="rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd translate={theirs ? "no" : undefined} className="mt-1 font-semibold text-slate-900">
        {value}
      </dd>
    </div>
  );
}
