// A car's price history (issue 28): a small step chart of its resale price over time, and
// the list of changes with their dates. The chart is a picture of the list, which is what
// screen readers read.
import { Day } from "#app/components/admin-bits.tsx";
import { Price } from "#app/components/price.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";

export type PricePoint = { price: number; changedAt: string };

const WIDTH = 640;
const HEIGHT = 120;
const PAD = 10;

/** The step line's points: each price holds until the next change, the last one until now. */
function chartPath(points: PricePoint[], now: number): { line: string; dots: [number, number][] } {
  const times = points.map((point) => Date.parse(point.changedAt));
  const start = times[0]!;
  const span = Math.max(now - start, 1);
  const prices = points.map((point) => point.price);
  const high = Math.max(...prices);
  // The lowest price sits above the floor: a 5% cut should not look like a fall to nothing.
  const low = Math.min(...prices) - (high - Math.min(...prices)) * 0.6;
  const range = Math.max(high - low, 1);
  const x = (time: number) => PAD + ((time - start) / span) * (WIDTH - 2 * PAD);
  const y = (price: number) =>
    high === low ? HEIGHT / 2 : PAD + ((high - price) / range) * (HEIGHT - 2 * PAD);
  const dots: [number, number][] = points.map((point, i) => [x(times[i]!), y(point.price)]);
  let line = `M${dots[0]![0].toFixed(1)},${dots[0]![1].toFixed(1)}`;
  for (let i = 1; i < dots.length; i++) {
    line += ` H${dots[i]![0].toFixed(1)} V${dots[i]![1].toFixed(1)}`;
  }
  line += ` H${(WIDTH - PAD).toFixed(1)}`;
  return { line, dots };
}

export function PriceHistory({ points, now }: { points: PricePoint[]; now: string }) {
  const t = useT();
  if (points.length < 2) return null;
  const { line, dots } = chartPath(points, Date.parse(now));
  const changes = points
    .map((point, i) => ({ ...point, change: i === 0 ? null : point.price - points[i - 1]!.price }))
    .reverse();
  return (
    <section
      aria-labelledby="price-history-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="price-history-heading" className="text-xl font-semibold text-slate-900">
        {t("Price history")}
      </h2>
      {/* Time runs left to right in every language, as on a chart's axis. */}
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-auto w-full text-brand-600"
      >
        <path
          d={line}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
        {dots.map(([cx, cy], i) => (
          <circle key={i} cx={cx} cy={cy} r="5" className="fill-brand-700" />
        ))}
      </svg>
      <ol className="mt-3 divide-y divide-slate-100 text-sm">
        {changes.map((point) => (
          <li
            key={point.changedAt}
            className="flex flex-wrap items-baseline justify-between gap-2 py-2"
          >
            <span className="text-slate-600">
              <Day iso={point.changedAt} />
            </span>
            <span className="font-semibold text-slate-900">
              <Price cents={point.price} />
              {point.change === null ? (
                <span className="ms-2 font-normal text-slate-500">{t("first price")}</span>
              ) : (
                <span
                  className={`ms-2 font-normal ${point.change < 0 ? "text-emerald-700" : "text-slate-500"}`}
                >
                  {point.change < 0 ? (
                    <>
                      {t("down")} <Price cents={-point.change} />
                    </>
                  ) : (
                    <>
                      {t("up")} <Price cents={point.change} />
                    </>
                  )}
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
