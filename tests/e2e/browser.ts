// Chromium through playwright-core (Debian's browser: Playwright's download is not used).
import AxeBuilderSource from "axe-core";
import { chromium, type Browser, type Page } from "playwright-core";
import { inject } from "vitest";

import { CHROMIUM_FLAGS, chromiumPath } from "#scripts/dev/chromium.ts";

export const baseURL = () => inject("baseURL");

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
  });
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * A page that records console errors, page errors and failed requests; `base` is the
 * e2e server unless a test runs its own.
 */
export async function openPage(browser: Browser, viewport = DESKTOP, base = baseURL()) {
  const context = await browser.newContext({ viewport, baseURL: base });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    // Leaving a page cancels its pending image loads; that is not a fault.
    if (request.failure()?.errorText === "net::ERR_ABORTED") return;
    problems.push(`request failed: ${request.url()}`);
  });
  return { page, problems, close: () => context.close() };
}

export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
};

/** Runs axe-core in the page and returns serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AxeBuilderSource.source);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/**
 * A page's module preloads, in document order: those React Router's <Scripts> writes
 * (default priority) and those app/framework/module-preloads.server.tsx asks for at low
 * priority (React writes the attribute as `fetchPriority`).
 */
export function modulePreloads(html: string) {
  const links = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([tag]) => ({
    href: /href="([^"]+)"/.exec(tag)?.[1] ?? "",
    low: /fetchpriority="low"/i.test(tag),
  }));
  const lastLow = links.findLastIndex((link) => link.low);
  const firstOther = links.findIndex((link) => !link.low);
  return {
    low: links.filter((link) => link.low).map((link) => link.href),
    scripts: links.filter((link) => !link.low).map((link) => link.href),
    /** Every low-priority link comes before the first of <Scripts>' links. */
    lowFirst: lastLow >= 0 && firstOther > lastLow,
  };
}
