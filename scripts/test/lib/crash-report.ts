// The crash test's report of one run: what was acknowledged, retried, killed,
// stored and sent, answer times, and every violation.
import type { RunResult } from "./crash-run.ts";

/** The p-th percentile of `values` (0 when there are none). */
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export function report(result: RunResult) {
  const a = result.stats.acknowledged;
  const u = result.stats.appliedUnacknowledged;
  const v = result.viewings;
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    [
      ``,
      `Crash test on ${result.kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL"}: ${result.seconds.toFixed(1)} s`,
      `  writes acknowledged: ${a.publish + a.order + a.cancel} (publish ${a.publish}, order ${a.order}, cancel ${a.cancel}), and ${a.verify} email confirmations, ${a.language} language choices`,
      `  applied but not acknowledged (found on retry): publish ${u.publish}, order ${u.order}, cancel ${u.cancel}, confirmation ${u.verify}; retries ${result.stats.retries}`,
      `  site settings saves: ${a.settings} acknowledged, ${result.rows.settingsSaves} audited`,
      `  category adds and merges: ${a.category} acknowledged (${u.category} found on retry), ${result.rows.categoryMerges} merges audited`,
      `  saved searches: ${a.search} saves acknowledged (${u.search} found on retry); ${result.rows.alerts} alerts recorded, ${result.rows.alertEmails} alert emails sent`,
      `  conversation messages: ${a.message} acknowledged, ${result.rows.messages} stored`,
      `  viewings: ${v.proposed} proposed, ${v.agreed} agreed (${a.viewing} proposals and accepts acknowledged), ` +
        `${v.agreedEmails} agreed emails, ${v.reminders} reminders (${v.due} due)`,
      `  emails: ${result.mail.copies} buyers' copies and ${result.mail.sellerMails} sellers' emails sent, ${result.mail.held} held at the end`,
      `  kills: ${result.kills}, restarts: ${result.restarts}, time to ready after a kill: p50 ${ms(percentile(result.readyMs, 50))}, max ${ms(Math.max(0, ...result.readyMs))}`,
      `  rows: ${result.rows.listings} listings, ${result.rows.photos} photos, ${result.rows.orders} requests; ` +
        `publishes stored twice by a retry: ${result.duplicatePublishes}`,
      `  orphan files (no row refers to them, allowed): ${result.orphans}; half-written files: ${result.partialFiles}`,
      `  answer times p50/p95: ` +
        (["publish", "order", "cancel", "page"] as const)
          .map(
            (what) =>
              `${what} ${ms(percentile(result.stats.latency[what], 50))}/${ms(percentile(result.stats.latency[what], 95))}`,
          )
          .join(", "),
      `  unexpected answers: ${result.stats.unexpected.length}`,
      `  violations: ${result.violations.length}`,
      ...result.stats.unexpected.slice(0, 10).map((line) => `    ! ${line}`),
      ...result.violations.slice(0, 20).map((line) => `    ✖ ${line}`),
    ].join("\n"),
  );
}
