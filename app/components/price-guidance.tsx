// Price guidance, shown with its evidence: how many similar cars, what "similar"
// meant, their median and middle range, and where this price sits.
import { useEffect, useRef } from "react";
import { useFetcher, useParams } from "react-router";

import { useSite } from "#app/components/use-site.ts";
import { Price } from "#app/components/price.tsx";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";
import {
  criteriaSentence,
  guidanceSentence,
  MIN_COMPARABLES,
  type PriceGuidance,
} from "#app/models/price-guidance.ts";

const VERDICT_STYLE = {
  below: "bg-emerald-50 text-emerald-900 ring-emerald-600/25",
  close: "bg-sky-50 text-sky-900 ring-sky-600/25",
  above: "bg-amber-50 text-amber-950 ring-amber-600/25",
} as const;

/** Whose price the guidance speaks of: "this one" (a car's page) or "your price" (the forms). */
const SUBJECT = { listing: msg("this one"), typed: msg("your price") };

/**
 * Where the price sits on the range of comparable prices, as a small bar. The lowest
 * price is at the start of the line (on the right in a right-to-left page).
 */
function RangeBar({ guidance, price }: { guidance: PriceGuidance; price: number | null }) {
  const span = Math.max(1, guidance.max - guidance.min);
  const at = (cents: number) =>
    `${Math.min(100, Math.max(0, ((cents - guidance.min) / span) * 100)).toFixed(1)}%`;
  return (
    <div aria-hidden="true" className="mt-3">
      <div className="relative h-2 rounded-full bg-slate-200">
        <div
          className="absolute inset-y-0 rounded-full bg-slate-400"
          style={{
            insetInlineStart: at(guidance.low),
            width: `calc(${at(guidance.high)} - ${at(guidance.low)})`,
          }}
        />
        <div
          className="absolute -top-1 h-4 w-0.5 bg-slate-700"
          style={{ insetInlineStart: at(guidance.median) }}
        />
        {price !== null ? (
          <div
            className="absolute -top-1.5 size-5 -translate-x-1/2 rounded-full border-2 border-white bg-brand-600 shadow rtl:translate-x-1/2"
            style={{ insetInlineStart: at(price) }}
          />
        ) : null}
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-500">
        <span>
          <Price cents={guidance.min} />
        </span>
        <span>
          <Price cents={guidance.max} />
        </span>
      </div>
    </div>
  );
}

export function PriceGuidanceCard({
  guidance,
  price,
  subject = "listing",
  headingLevel = "h2",
}: {
  guidance: PriceGuidance;
  /** Cents, or null when no price is typed yet. */
  price: number | null;
  /** A car's own price ("this one"), or the price typed in a form ("your price"). */
  subject?: keyof typeof SUBJECT;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const site = useSite();
  const t = useT();
  const style = guidance.verdict ? VERDICT_STYLE[guidance.verdict] : VERDICT_STYLE.close;
  return (
    <section
      aria-label={t("Price guidance")}
      className={`rounded-2xl px-5 py-4 ring-1 ${style}`}
      data-testid="price-guidance"
    >
      <Heading className="text-xs font-semibold tracking-wide uppercase opacity-80">
        {t("Price guidance")}
      </Heading>
      <p className="mt-1 font-semibold">
        {guidanceSentence(guidance, SUBJECT[subject], site.price, t)}.
      </p>
      <RangeBar guidance={guidance} price={price} />
      <p className="mt-3 text-sm">
        <Rich
          message="The middle half of these cars ask {low} to {high}."
          values={{
            low: (
              <bdi>
                <Price cents={guidance.low} />
              </bdi>
            ),
            high: (
              <bdi>
                <Price cents={guidance.high} />
              </bdi>
            ),
          }}
        />
      </p>
      <p className="mt-1 text-xs opacity-80">
        <Rich
          message="Similar means: {criteria}, for sale on {site} or sold there. We show guidance only when at least {count} such cars exist."
          values={{
            // The make and model as sellers wrote them.
            criteria: <bdi translate="no">{criteriaSentence(guidance.criteria, site.price)}</bdi>,
            site: <span translate="no">{site.name}</span>,
            count: String(MIN_COMPARABLES),
          }}
        />
      </p>
    </section>
  );
}

/**
 * The sell and edit forms' guidance: loads from /resources/price-guidance as the
 * make, model, year, mileage and price change (after a pause), and shows nothing
 * until there is something to show.
 */
export function PriceGuidanceHint(props: {
  make?: string;
  model?: string;
  year?: string;
  mileage?: string;
  unit?: string;
  price?: string;
}) {
  const fetcher = useFetcher<{ guidance: PriceGuidance | null }>();
  const { id } = useParams();
  const site = useSite();
  const t = useT();
  const { load } = fetcher;
  const query = new URLSearchParams({
    make: props.make ?? "",
    model: props.model ?? "",
    year: props.year ?? "",
    mileage: props.mileage ?? "",
    unit: props.unit ?? "km",
    price: props.price ?? "",
    ...(id ? { exclude: id } : {}),
  }).toString();
  const ready = Boolean(props.make && props.model && props.year && props.mileage);
  const lastQuery = useRef("");
  useEffect(() => {
    if (!ready || query === lastQuery.current) return;
    const timer = setTimeout(() => {
      lastQuery.current = query;
      void load(`/resources/price-guidance?${query}`);
    }, 400);
    return () => clearTimeout(timer);
  }, [ready, query, load]);

  const guidance = ready ? fetcher.data?.guidance : null;
  const typed = Number((props.price ?? "").replace(/[\s,]/g, ""));
  const price = Number.isFinite(typed) && typed > 0 ? typed * 100 : null;
  return (
    <div aria-live="polite" className="sm:col-span-2">
      {guidance ? (
        <PriceGuidanceCard guidance={guidance} price={price} subject="typed" headingLevel="h3" />
      ) : ready && fetcher.state === "idle" && fetcher.data ? (
        <p className="text-sm text-slate-600">
          {t(
            "Fewer than {count} similar cars on {site} yet, so there is no price guidance for this car.",
            { count: String(MIN_COMPARABLES), site: site.name },
          )}
        </p>
      ) : null}
    </div>
  );
}
