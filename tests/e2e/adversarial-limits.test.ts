// The adversarial races of issue 23 over HTTP, against the e2e server: 20 identical
// concurrent posts of one sell form make one listing, and a flood of contact
// requests is cut off at the per-minute limit with 429 and Retry-After. Fresh
// accounts, so the demo people other files use keep their allowances.
import fs from "node:fs";
import path from "node:path";

import sharp from "sharp";
import { describe, expect, test, vi } from "vitest";
import { inject } from "vitest";

import { LIMITS } from "#app/services/rate-limit.server.ts";

import { baseURL } from "./browser.ts";

vi.setConfig({ testTimeout: 180_000 });

const base = new URL(baseURL());
const outbox = path.join(inject("serverLog").replace(/\.log$/, ""), "outbox");

async function post(pathname: string, body: FormData | URLSearchParams, cookie = "") {
  return fetch(new URL(pathname, base), {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: base.origin, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");

const jpeg = (seed: number) =>
  sharp({
    create: { width: 640, height: 400, channels: 3, background: { r: seed, g: 90, b: 140 } },
  })
    .jpeg()
    .toBuffer();

async function register(accountType: "buyer" | "seller") {
  const email = `limits-${accountType}-${Date.now()}@example.com`;
  const form = new FormData();
  form.set("name", `Limits ${accountType}`);
  form.set("email", email);
  form.set("password", "limits-password");
  form.set("accountType", accountType);
  form.set("image", new Blob([new Uint8Array(await jpeg(10))], { type: "image/jpeg" }), "me.jpg");
  const answer = await post("/register", form);
  expect(answer.status, `register a ${accountType}`).toBe(302);
  return { email, cookie: cookieOf(answer) };
}

async function page(pathname: string, cookie: string) {
  const answer = await fetch(new URL(pathname, base), { headers: { Cookie: cookie } });
  return answer.text();
}

function sellForm(token: string, title: string, photo: Buffer): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    carName: title,
    category: "sedan",
    details: "Garage kept, two keys, full service history.",
    location: "Austin, TX",
    yearsUsed: "5",
    originalPrice: "24000",
    resalePrice: "15500",
    make: "Volvo",
    model: "V60",
    year: "2016",
    mileage: "91000",
    mileageUnit: "km",
    formToken: token,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("photos", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "car.jpg");
  return form;
}

const tokenIn = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? "";
const count = (html: string, text: string) => html.split(text).length - 1;

describe("limits and races over HTTP", () => {
  test("20 concurrent posts of one sell form make one listing", async () => {
    const seller = await register("seller");
    const photo = await jpeg(200);
    const token = tokenIn(await page("/dashboard/sellCar", seller.cookie));
    expect(token).not.toBe("");
    const raced = `Race Coupe ${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post("/dashboard/sellCar", sellForm(token, raced, photo), seller.cookie),
      ),
    );
    const outcomes = answers.map((answer) => `${answer.status} ${answer.headers.get("Location")}`);
    const refusal = answers[0]!.status === 302 ? "" : (await answers[0]!.text()).slice(-3000);
    expect(new Set(outcomes), refusal).toEqual(new Set(["302 /dashboard/myProducts"]));
    // One more car with a fresh form, to compare how often each title shows.
    const single = `Single Coupe ${Date.now()}`;
    const next = tokenIn(await page("/dashboard/sellCar", seller.cookie));
    expect(
      (await post("/dashboard/sellCar", sellForm(next, single, photo), seller.cookie)).status,
    ).toBe(302);
    const mine = await page("/dashboard/myProducts", seller.cookie);
    expect(count(mine, single)).toBeGreaterThan(0);
    expect(count(mine, raced)).toBe(count(mine, single));
  });

  test("a flood of contact requests: the per-minute limit passes, the rest answer 429 with Retry-After", async () => {
    const buyer = await register("buyer");
    const list = await page("/products/allProducts", "");
    const ids = [
      ...new Set([...list.matchAll(/productDetails\/(\d+)/g)].map((match) => match[1]!)),
    ];
    expect(ids.length).toBeGreaterThan(LIMITS.ordersPerBuyerPerMinute.max + 2);
    // Whole emails only: a .tmp is one being written (then renamed).
    const mails = () =>
      fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith(".eml")) : [];
    const before = mails().length;
    const answers = await Promise.all(
      ids.map((id) =>
        post(
          `/dashboard/productDetails/${id}?contact`,
          new URLSearchParams({
            intent: "order",
            buyerName: "Flood Tester",
            meetingLocation: "Main St",
            buyerPhone: "+1 512 555 0100",
          }),
          buyer.cookie,
        ),
      ),
    );
    const placed = answers.filter((answer) => answer.status === 302);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(placed).toHaveLength(LIMITS.ordersPerBuyerPerMinute.max);
    expect(limited).toHaveLength(ids.length - LIMITS.ordersPerBuyerPerMinute.max);
    for (const answer of limited) {
      expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
      const html = await answer.text();
      expect(html).toContain("Please try again in a minute");
      expect(html).toContain("Flood Tester");
    }
    // Each placed request mails its seller and the buyer's copy: nothing more.
    const after = mails().length;
    expect(after - before).toBeLessThanOrEqual(2 * LIMITS.ordersPerBuyerPerMinute.max);
  });
});
