import { describe, expect, test } from "vitest";

import {
  confirmedAgo,
  DAY_MS,
  daysSince,
  daysUntilHidden,
  freshnessCutoff,
  hiddenFrom,
  isStale,
  listedAgo,
  needsConfirmationSoon,
  reminderCutoff,
} from "#app/models/freshness.ts";
import { LISTING_REMINDER_DAYS_BEFORE } from "#app/models/listing.ts";
import { SITE_DEFAULTS } from "#app/models/site.ts";

// The spec's 60 days, the default of the site's `freshDays` setting.
const LISTING_FRESH_DAYS = SITE_DEFAULTS.freshDays;
const F = LISTING_FRESH_DAYS;

const now = new Date("2025-06-15T12:00:00Z");
const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY_MS - extraMs);

describe("wording", () => {
  test("listed today, 1 day ago, N days ago", () => {
    expect(listedAgo(now, now)).toBe("Listed today");
    expect(listedAgo(daysAgo(0, 23 * 60 * 60 * 1000), now)).toBe("Listed today");
    expect(listedAgo(daysAgo(1), now)).toBe("Listed 1 day ago");
    expect(listedAgo(daysAgo(1, 60_000), now)).toBe("Listed 1 day ago");
    expect(listedAgo(daysAgo(2), now)).toBe("Listed 2 days ago");
    expect(listedAgo(daysAgo(61), now)).toBe("Listed 61 days ago");
  });

  test("confirmed available today, 1 day ago, N days ago", () => {
    expect(confirmedAgo(now, now)).toBe("Confirmed available today");
    expect(confirmedAgo(daysAgo(1), now)).toBe("Confirmed available 1 day ago");
    expect(confirmedAgo(daysAgo(30), now)).toBe("Confirmed available 30 days ago");
  });

  test("accepts ISO strings, as pages pass them, and never counts backwards", () => {
    expect(listedAgo(daysAgo(3).toISOString(), now.toISOString())).toBe("Listed 3 days ago");
    // A clock a little ahead on the writing server is not "-1 days ago".
    expect(daysSince(new Date(now.getTime() + 5_000), now)).toBe(0);
  });
});

describe("stale cars", () => {
  test(`an available car is stale once ${LISTING_FRESH_DAYS} days have passed since confirmation`, () => {
    expect(
      isStale({ status: "available", confirmedAt: daysAgo(LISTING_FRESH_DAYS - 1) }, now, F),
    ).toBe(false);
    expect(
      isStale({ status: "available", confirmedAt: daysAgo(LISTING_FRESH_DAYS, -1) }, now, F),
    ).toBe(false);
    expect(isStale({ status: "available", confirmedAt: daysAgo(LISTING_FRESH_DAYS) }, now, F)).toBe(
      true,
    );
    expect(isStale({ status: "available", confirmedAt: daysAgo(400) }, now, F)).toBe(true);
  });

  test("a sold car is never stale: there is nothing to confirm", () => {
    expect(isStale({ status: "sold", confirmedAt: daysAgo(400) }, now, F)).toBe(false);
  });

  test("the cut-offs the queries use agree with isStale", () => {
    expect(freshnessCutoff(now, F).getTime()).toBe(daysAgo(LISTING_FRESH_DAYS).getTime());
    expect(reminderCutoff(now, F).getTime()).toBe(
      daysAgo(LISTING_FRESH_DAYS - LISTING_REMINDER_DAYS_BEFORE).getTime(),
    );
    expect(hiddenFrom(daysAgo(10), F).getTime()).toBe(
      now.getTime() + (LISTING_FRESH_DAYS - 10) * DAY_MS,
    );
  });

  test("days until hidden, and when to nudge the seller", () => {
    expect(daysUntilHidden(now, now, F)).toBe(LISTING_FRESH_DAYS);
    expect(daysUntilHidden(daysAgo(55), now, F)).toBe(5);
    expect(daysUntilHidden(daysAgo(59, 1), now, F)).toBe(1);
    expect(daysUntilHidden(daysAgo(70), now, F)).toBe(0);
    const soon = (days: number, status: "available" | "sold" = "available") =>
      needsConfirmationSoon({ status, confirmedAt: daysAgo(days) }, now, F);
    expect(soon(52)).toBe(false);
    expect(soon(LISTING_FRESH_DAYS - LISTING_REMINDER_DAYS_BEFORE)).toBe(true);
    expect(soon(59)).toBe(true);
    expect(soon(60)).toBe(false); // already stale: a different message
    expect(soon(55, "sold")).toBe(false);
  });
});

describe("the site's own number of days", () => {
  test("a site that keeps cars 30 days hides them after 30, and nudges a week before", () => {
    const car = (days: number) => ({ status: "available" as const, confirmedAt: daysAgo(days) });
    expect(isStale(car(29), now, 30)).toBe(false);
    expect(isStale(car(30), now, 30)).toBe(true);
    expect(isStale(car(30), now, 60)).toBe(false);
    expect(freshnessCutoff(now, 30).getTime()).toBe(daysAgo(30).getTime());
    expect(reminderCutoff(now, 30).getTime()).toBe(daysAgo(23).getTime());
    expect(daysUntilHidden(daysAgo(10), now, 30)).toBe(20);
    expect(needsConfirmationSoon(car(24), now, 30)).toBe(true);
    expect(needsConfirmationSoon(car(24), now, 60)).toBe(false);
    expect(hiddenFrom(now, 365).getTime()).toBe(now.getTime() + 365 * DAY_MS);
  });
});
