// The crash test's work, while a killer SIGKILLs the server: sellers publish cars
// with a photo, buyers contact their sellers and cancel, all but one buyer confirm
// their address and choose their language mid-run, write in a conversation and arrange a
// viewing with its seller, and the admin saves settings and merges categories. A ledger
// keeps every write the server acknowledged.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

import { SITE_DEFAULTS } from "#app/models/site.ts";
import { settingsAsForm } from "#app/models/site-form.ts";

import { crashCategoryOf, mergeCategories, type CategoryMerge } from "./crash-categories.ts";
import { readOutbox } from "./outbox.ts";
import { saveEveryCarSearch } from "./crash-alerts.ts";
import { converse } from "./crash-messages.ts";
import { photo, redirectTo, rowWith, type Client, type Stats } from "./crash-client.ts";
import type { ServerUnderTest } from "./crash-server.ts";
import type { CrashViewing } from "./crash-viewings.ts";

/** What the server acknowledged, for the check to find afterwards. */
export type Ledger = {
  publishes: string[];
  orders: string[];
  cancels: number[];
  /**
   * Buyers' addresses, whether each confirmed it, and the language each chose with
   * the switcher (English, so that the mail checks read every email), all acknowledged.
   */
  buyers: {
    email: string;
    verified: boolean;
    language: string | null;
    /** Whether the buyer's "every car" saved search was acknowledged (lib/crash-alerts.ts). */
    savedSearch?: boolean;
  }[];
  /** The taglines of the acknowledged site settings saves, in order. */
  settings: string[];
  /** The acknowledged "move N cars and delete" merges, in order. */
  merges: CategoryMerge[];
  /** The bodies of the acknowledged conversation messages (lib/crash-messages.ts). */
  messages: string[];
  /** The acknowledged viewing proposals and accepts (lib/crash-viewings.ts). */
  viewings: CrashViewing[];
};

export type WorkloadOptions = {
  /** Writes to acknowledge in all (publishes, orders and cancels). */
  writes: number;
  publishes: number;
  /** Random pause between kills, in milliseconds. */
  killMinMs: number;
  killMaxMs: number;
};

/** Requests a buyer places before reading My Orders once and cancelling them. */
const BATCH = 10;

/** A published car, and the seller who published it (who accepts viewings of it). */
type Car = { id: number; title: string; seller: Client };

/** One run's work: the server, what to do, what is counted and acknowledged. */
type Run = {
  kind: string;
  server: ServerUnderTest;
  sellers: Client[];
  buyers: Client[];
  admin: Client;
  stats: Stats;
  ledger: Ledger;
  options: WorkloadOptions & { runId: string; dataDir: string; rng: () => number };
};

/** What the sellers, the buyers and the killer share while they run. */
class Work {
  readonly cars: Car[] = [];
  publishIndex = 0;
  cycleIndex = 0;
  finished = 0;
  readonly server: ServerUnderTest;
  readonly stats: Stats;
  readonly ledger: Ledger;
  readonly options: Run["options"];
  readonly workers: number;
  private readonly budget: { remaining: number; inFlight: number };

  constructor(run: Run) {
    this.server = run.server;
    this.stats = run.stats;
    this.ledger = run.ledger;
    this.options = run.options;
    this.workers = run.sellers.length + run.buyers.length + 1;
    this.budget = { remaining: run.options.writes - run.options.publishes, inFlight: 0 };
  }

  /**
   * Each order or cancel claims one unit of the budget first; one whose retry found
   * it already applied (so it was never acknowledged) gives its unit back, so that
   * exactly `writes` are acknowledged in the end. False once the budget is spent.
   */
  async claim(): Promise<boolean> {
    for (;;) {
      if (this.budget.remaining > 0) {
        this.budget.remaining--;
        this.budget.inFlight++;
        return true;
      }
      if (this.budget.inFlight === 0) return false;
      await sleep(20);
    }
  }

  settle(outcome: "acknowledged" | "applied before") {
    this.budget.inFlight--;
    if (outcome === "applied before") this.budget.remaining++;
    return outcome;
  }

  /** Writes acknowledged so far (category merges too: the killer waits for one after a restart). */
  acknowledgedSoFar() {
    const { publish, order, cancel, category } = this.stats.acknowledged;
    return publish + order + cancel + category;
  }
}

/** A seller publishes cars (with the sell page's one-time form token) until all are out. */
async function sellerLoop(work: Work, client: Client) {
  const { runId, publishes } = work.options;
  while (work.publishIndex < publishes) {
    const n = work.publishIndex++;
    const marker = `crash-${runId}-car-${n}`;
    const picture = await photo(n);
    // The form's one-time token, as the page gives it: every retry sends the same one.
    const sellPage = await client.page("/dashboard/sellCar");
    const token = /name="formToken" value="([^"]+)"/.exec(sellPage)?.[1];
    if (!token) throw new Error("the sell page has no form token");
    await client.write(
      "publish",
      "/dashboard/sellCar",
      () => {
        const form = new FormData();
        for (const [field, value] of Object.entries({
          carName: `${marker} Honda Civic`,
          category: crashCategoryOf(n),
          details: "Crash-test car: one owner, full service history.",
          location: "Denver, CO",
          yearsUsed: "5",
          originalPrice: "24000",
          resalePrice: String(10_000 + n),
          make: "Honda",
          model: "Civic",
          year: "2018",
          mileage: "62000",
          mileageUnit: "km",
        })) {
          form.append(field, value);
        }
        form.append("formToken", token);
        form.append(
          "photos",
          new File([new Uint8Array(picture)], `car-${n}.jpg`, { type: "image/jpeg" }),
        );
        return form;
      },
      (answer) => (redirectTo(answer, "/dashboard/myProducts") ? "acknowledged" : "unexpected"),
    );
    // A publish whose answer was lost is sent again with the same token until
    // acknowledged: a stored first attempt answers the same redirect, and no second
    // car is made (a duplicate is a violation).
    work.ledger.publishes.push(marker);
    const html = await client.page("/dashboard/myProducts");
    const row = rowWith(html, marker);
    const id = row && /productDetails\/(\d+)/.exec(row)?.[1];
    if (!id) throw new Error(`${marker} is not in My Products after it was acknowledged`);
    work.cars.push({ id: Number(id), title: `${marker} Honda Civic`, seller: client });
  }
  work.finished++;
}

/** Contacts the seller of `car`; records the request if acknowledged. */
async function order(work: Work, client: Client, b: number, car: Car, marker: string) {
  const listingPage = `/dashboard/productDetails/${car.id}`;
  const outcome = work.settle(
    await client.write(
      "order",
      listingPage,
      () =>
        new URLSearchParams({
          intent: "order",
          buyerName: `Crash Buyer ${b}`,
          meetingLocation: `${marker} at the library car park`,
          buyerPhone: "+1 512 555 0142",
        }),
      (answer, retried) => {
        if (redirectTo(answer, listingPage)) return "acknowledged";
        // The lost attempt was stored: this buyer has already asked about the car.
        if (retried && answer.status === 409 && answer.body.includes("already contacted"))
          return "applied before";
        return "unexpected";
      },
    ),
  );
  if (outcome === "acknowledged") work.ledger.orders.push(marker);
}

/** Cancels the request `id` from My Orders; records it if acknowledged. */
async function cancel(work: Work, client: Client, id: string) {
  const outcome = work.settle(
    await client.write(
      "cancel",
      "/dashboard/myorders",
      () => new URLSearchParams({ intent: "cancel", id }),
      (answer, retried) => {
        if (redirectTo(answer, "/dashboard/myorders")) return "acknowledged";
        // Cancelled before the crash: no longer one of the buyer's requests.
        if (retried && answer.status === 404) return "applied before";
        return "unexpected";
      },
    ),
  );
  if (outcome === "acknowledged") work.ledger.cancels.push(Number(id));
}

/**
 * A buyer contacts the sellers of up to BATCH different cars, reads its My Orders
 * once for the requests' ids, and cancels them all (one page read per batch). The
 * first batch stays open (their emails must be held or sent at the end); after
 * it, every buyer but the last confirms its address.
 */
async function buyerLoop(work: Work, client: Client, b: number, buyers: number) {
  const { runId, publishes, rng } = work.options;
  const { cars } = work;
  while (cars.length === 0) await sleep(50);
  const keptOpen = new Set<number>();
  for (let round = 0; ; round++) {
    const batch = new Map<number, Car>();
    for (let tries = 0; tries < BATCH * 4 && batch.size < BATCH; tries++) {
      const car = cars[Math.floor(rng() * cars.length)]!;
      if (!keptOpen.has(car.id)) batch.set(car.id, car);
    }
    if (batch.size === 0) {
      // Every car so far has one of this buyer's open requests: wait for more.
      if (cars.length >= publishes) break;
      await sleep(50);
      continue;
    }
    const placed: { title: string; marker: string }[] = [];
    for (const car of batch.values()) {
      if (!(await work.claim())) break;
      const marker = `crash-${runId}-order-${work.cycleIndex++}`;
      await order(work, client, b, car, marker);
      if (round === 0) keptOpen.add(car.id);
      else placed.push({ title: car.title, marker });
    }
    if (round === 0 && b < buyers - 1) await confirmAddress(work, client, b);
    if (round === 0) await chooseLanguage(work, client, b);
    if (round === 0) {
      await saveEveryCarSearch(client);
      work.ledger.buyers[b]!.savedSearch = true;
      // A conversation (issue 27) on the first request it keeps open.
      const first = work.cars.find((car) => keptOpen.has(car.id));
      if (first) await converse(client, first, work.options.runId, work.ledger);
    }
    if (round > 0 && placed.length === 0) break;
    if (placed.length === 0) continue;
    const html = await client.page("/dashboard/myorders");
    for (const { title, marker } of placed) {
      if (!(await work.claim())) break;
      const row = rowWith(html, title);
      const id = row && /name="id" value="(\d+)"/.exec(row)?.[1];
      if (!id) throw new Error(`The request ${marker} is not in My Orders`);
      await cancel(work, client, id);
    }
  }
  work.finished++;
}

/** Site settings saves the admin makes during the run, one after another. */
const SETTINGS_SAVES = 12;

/**
 * The admin saves the whole settings form, numbered by its tagline, while the
 * others work: each save is one transaction with its audit entry, so the row must
 * end as the last acknowledged save, with one audit entry per save. A retry of a
 * save that was applied before its answer was lost changes nothing and is
 * answered with the same redirect (its audit entry is not written twice).
 */
async function adminLoop(work: Work, client: Client) {
  const { runId } = work.options;
  while (work.cars.length === 0) await sleep(50);
  for (let n = 0; n < SETTINGS_SAVES; n++) {
    const tagline = `crash-${runId}-settings-${n}`;
    await client.write(
      "settings",
      "/dashboard/settings",
      () =>
        new URLSearchParams({
          ...settingsAsForm(SITE_DEFAULTS),
          tagline,
          heroTitle: `Crash save ${n}`,
        }),
      (answer) => (redirectTo(answer, "/dashboard/settings") ? "acknowledged" : "unexpected"),
    );
    work.ledger.settings.push(tagline);
    await sleep(100 + work.options.rng() * 400);
  }
  // Muscle's cars are all published: merge it into new categories, one after another.
  while (work.cars.length < work.options.publishes) await sleep(50);
  await mergeCategories(client, runId, work.ledger.merges);
  work.finished++;
}

/**
 * Opens the confirmation link from the buyer's registration email (a GET that
 * changes something, retried across kills like every write).
 */
async function confirmAddress(work: Work, client: Client, b: number) {
  const buyer = work.ledger.buyers[b]!;
  const welcome = (await readOutbox(path.join(work.options.dataDir, "outbox"))).find(
    (mail) => mail.to === buyer.email && mail.body.includes("/verify-email?token="),
  );
  const token = welcome && /\/verify-email\?token=([\w.%-]+)/.exec(welcome.body)?.[1];
  if (!token) throw new Error(`No confirmation link was sent to ${buyer.email}`);
  await client.write("verify", `/verify-email?token=${token}`, null, (answer, retried) => {
    const result = new URL(answer.location || "/", "http://x").searchParams.get("result");
    if (answer.status === 302 && result === "verified") return "acknowledged";
    // Confirmed before the crash cut off the answer.
    if (retried && answer.status === 302 && result === "used") return "applied before";
    return "unexpected";
  });
  buyer.verified = true;
}

/** The buyer chooses English with the language switcher: saved on their account. */
async function chooseLanguage(work: Work, client: Client, b: number) {
  await client.write(
    "language",
    "/language",
    () => new URLSearchParams({ language: "en", redirectTo: "/dashboard" }),
    // Choosing again what was chosen changes nothing: a retry is acknowledged alike.
    (answer) => (redirectTo(answer, "/dashboard") ? "acknowledged" : "unexpected"),
  );
  work.ledger.buyers[b]!.language = "en";
}

/**
 * Kills at a random moment 1–4 s (--kill-min/--kill-max) after the server is ready,
 * but not before it has acknowledged a write since it came back: on a starved
 * machine a restarted server may not finish anything in its first seconds, and
 * killing it again then would only repeat the restart without testing anything.
 */
async function killer(work: Work) {
  const { killMinMs, killMaxMs, rng } = work.options;
  while (work.finished < work.workers) {
    const before = work.acknowledgedSoFar();
    const wait = killMinMs + rng() * (killMaxMs - killMinMs);
    const until = performance.now() + wait;
    while (
      (performance.now() < until || work.acknowledgedSoFar() === before) &&
      work.finished < work.workers
    )
      await sleep(10);
    if (work.finished >= work.workers) break;
    await work.server.crashAndRestart();
  }
}

/**
 * Runs the sellers, the buyers and the killer until `writes` are acknowledged,
 * printing progress every 15 s.
 */
export async function runWorkload(run: Run): Promise<void> {
  const { server, sellers, buyers } = run;
  const work = new Work(run);
  const progress = setInterval(() => {
    process.stdout.write(
      `  ${run.kind}: ${work.acknowledgedSoFar()} acknowledged, ${server.kills} kills\n`,
    );
  }, 15_000);
  try {
    await Promise.all([
      ...sellers.map((client) => sellerLoop(work, client)),
      ...buyers.map((client, b) => buyerLoop(work, client, b, buyers.length)),
      adminLoop(work, run.admin),
      killer(work),
    ]);
  } finally {
    clearInterval(progress);
  }
}
