// Categories managed by admins (issue 25, decision 019), through the page's action as an
// admin posts it: add, rename (the address kept, or changed with a 301 from the old),
// hide, reorder, delete an empty one, move N cars and delete (all or none; refused when
// N changed), with one audit row per change, and visitors' stored pages emptied at once.
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { auditLog, category, categorySlugHistory, listing } from "#app/db/schema.ts";
import { findCategories, lockCategoryForCar } from "#app/models/category.server.ts";
import * as categories from "#app/routes/dashboard/admin/categories/route.tsx";
import * as editProduct from "#app/routes/dashboard/seller/edit-product/route.tsx";
import * as sellCar from "#app/routes/dashboard/seller/sell-car/route.tsx";
import * as browse from "#app/routes/products/browse/route.tsx";
import * as products from "#app/routes/products/index/route.tsx";
import * as home from "#app/routes/public/home/route.tsx";
import * as sitemap from "#app/routes/resources/sitemap/route.tsx";
import { createCategories, createListing } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callAction, callLoaderAs, dataOf } from "./helpers.ts";
import { carForm, file, jpeg, postForm, type Entries } from "./listing-helpers.ts";
import { person, type Person } from "./moderation-helpers.ts";
import {
  expectVisibleAfter,
  ON_POSTGRES,
  sleep,
  startPageCache,
  type Page,
} from "./page-cache-helpers.ts";

vi.setConfig({ testTimeout: 30_000 });

let t: TestEnv;
let admin: Person;
let seller: Person;
let sellerId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await person(t, "admin", "Ada Admin");
  seller = await person(t, "seller", "Sam Seller");
  sellerId = seller.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // The spec's four, fresh for each test.
  await t.db.delete(listing);
  await t.db.delete(category);
  await t.db.delete(auditLog);
  await createCategories(t.db);
});

type Answer = { status: number; location: string | null; data: unknown };

/** Posts the categories page's form as `who` (the admin unless told). */
async function post(form: Record<string, string | File>, who: Person = admin): Promise<Answer> {
  try {
    const value = await callAction(categories.action, {
      path: "/dashboard/categories",
      form,
      context: t.context(),
      cookie: who.cookie,
    });
    if (value instanceof Response) {
      return { status: value.status, location: value.headers.get("Location"), data: null };
    }
    const { status, data } = dataOf(value);
    return { status, location: null, data };
  } catch (error) {
    if (error instanceof Response) {
      return { status: error.status, location: error.headers.get("Location"), data: null };
    }
    const thrown = error as { init?: { status?: number }; data?: unknown };
    if (thrown.init?.status)
      return { status: thrown.init.status, location: null, data: thrown.data };
    throw error;
  }
}

const photo = async (seed = 1) => file(await jpeg(900, 600, { seed }), `photo-${seed}.jpg`);

/** A visitor's GET of a public loader: its data, or the status and location it threw. */
async function visit(
  loader: (args: never) => unknown,
  urlPath: string,
  params: Record<string, string> = {},
  cookie?: string,
): Promise<Answer> {
  try {
    const value = await callLoaderAs(loader, {
      path: urlPath,
      params,
      context: t.context(),
      cookie,
    });
    if (value instanceof Response) {
      return {
        status: value.status,
        location: value.headers.get("Location"),
        data: await value.text(),
      };
    }
    return { status: 200, location: null, data: value };
  } catch (error) {
    if (error instanceof Response) {
      return { status: error.status, location: error.headers.get("Location"), data: null };
    }
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, location: null, data: null };
    throw error;
  }
}

const byName = async (name: string) =>
  (await t.db.select().from(category).where(eq(category.name, name)))[0];
const namesInOrder = async () =>
  (await t.db.select().from(category).orderBy(asc(category.position), asc(category.id))).map(
    (row) => row.name,
  );
const audits = () => t.db.select().from(auditLog).orderBy(asc(auditLog.id));
const errorOf = (answer: Answer) => (answer.data as { error?: string }).error;
const fieldErrors = (answer: Answer) =>
  (answer.data as { result?: { error?: Record<string, string[]> } }).result?.error ?? {};

/** What visitors are offered: home cards, /products cards, the sitemap, the sidebar, the sell form. */
async function publicCategories() {
  const homeData = (await visit(home.loader, "/")).data as { categories: { name: string }[] };
  const productsData = (await visit(products.loader, "/products")).data as {
    categories: { name: string }[];
  };
  const xml = String((await visit(sitemap.loader, "/sitemap.xml")).data);
  const all = (await visit(browse.loader, "/products/allProducts")).data as {
    categories: { name: string }[];
  };
  const sell = (await visit(sellCar.loader, "/dashboard/sellCar", {}, seller.cookie)).data as {
    categories: { name: string }[];
  };
  return {
    home: homeData.categories.map((c) => c.name),
    products: productsData.categories.map((c) => c.name),
    sitemap: [...xml.matchAll(/\/products\/([a-z0-9-]+)</g)].map((m) => m[1]),
    sidebar: all.categories.map((c) => c.name).filter((name) => name !== "All cars"),
    sellForm: sell.categories.map((c) => c.name),
  };
}

describe("adding", () => {
  test("a named category with a photo goes at the end, visible everywhere, audited", async () => {
    const answer = await post({ intent: "add", name: "  Convertible ", photo: await photo() });
    expect(answer.status, JSON.stringify(answer.data)).toBe(302);
    const row = (await byName("Convertible"))!;
    expect(row).toMatchObject({ slug: "convertible", hidden: false, position: 4 });
    // The photo was decoded and stored as the cards' 800 × 533 WebP.
    expect(row.imageKey).toMatch(/^categories\/.+\.webp$/);
    expect(await t.storage.get(row.imageKey)).not.toBeNull();
    const shown = await publicCategories();
    for (const list of [shown.home, shown.products, shown.sidebar, shown.sellForm]) {
      expect(list).toEqual(["Sedan", "Off Road", "Muscle", "SUV", "Convertible"]);
    }
    expect(shown.sitemap).toContain("convertible");
    const [entry] = await audits();
    expect(entry).toMatchObject({
      action: "create_category",
      actorId: admin.id,
      subjectType: "category",
      subjectId: String(row.id),
    });
    expect((entry!.details as { changes: unknown }).changes).toEqual([
      { field: "name", from: "", to: "Convertible" },
      { field: "address", from: "", to: "convertible" },
    ]);
  });

  test.each<[string, { name?: string; photo?: null }, string, string]>([
    ["no name", { name: "" }, "name", "Category name is required"],
    ["a 41-character name", { name: "x".repeat(41) }, "name", "Use at most 40 characters"],
    ["a name without letters", { name: "★★★" }, "name", "Use at least one letter"],
    ["a taken name", { name: "sedan" }, "name", "There is already a category called Sedan"],
    ["a taken address", { name: "Off-Road" }, "name", "Off Road already has the address"],
    ["no photo", { photo: null }, "photo", "Choose a photo for the category"],
  ])("%s is refused next to its field; nothing is written", async (_, change, field, message) => {
    const form: Record<string, string | File> = { intent: "add", name: "Pickup" };
    if (change.photo !== null) form.photo = await photo(2);
    if (change.name !== undefined) form.name = change.name;
    const answer = await post(form);
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)[field]?.[0]).toContain(message);
    expect(await namesInOrder()).toEqual(["Sedan", "Off Road", "Muscle", "SUV"]);
    expect(await audits()).toEqual([]);
  });

  test("an SVG is refused next to the photo, and a refused add leaves no file behind", async () => {
    const svg = file(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30"/></svg>',
      "x.svg",
      "image/svg+xml",
    );
    expect(fieldErrors(await post({ intent: "add", name: "Pickup", photo: svg })).photo).toEqual([
      "SVG drawings are not accepted. Choose a JPEG, PNG or WebP photo.",
    ]);
    const files = async () => {
      const keys: string[] = [];
      for await (const key of t.storage.list("categories/")) keys.push(key);
      return keys.sort();
    };
    const before = await files();
    // The photo is stored before the transaction; the taken name refuses it after.
    const answer = await post({ intent: "add", name: "SEDAN", photo: await photo(3) });
    expect(answer.status).toBe(400);
    expect(await files()).toEqual(before);
  });
});

describe("renaming", () => {
  test("keeps the address unless told: /products/sedan shows the new name", async () => {
    const sedan = (await byName("Sedan"))!;
    const answer = await post({ intent: "edit", id: String(sedan.id), name: "Saloon" });
    expect(answer.status, JSON.stringify(answer.data)).toBe(302);
    expect(await byName("Saloon")).toMatchObject({ id: sedan.id, slug: "sedan" });
    const page = await visit(browse.loader, "/products/sedan", { category: "sedan" });
    expect((page.data as { heading: string }).heading).toBe("Saloon cars");
    const [entry] = await audits();
    expect(entry!.action).toBe("update_category");
    expect((entry!.details as { changes: unknown }).changes).toEqual([
      { field: "name", from: "Sedan", to: "Saloon" },
    ]);
  });

  test("with a new address, the old one answers 301 to it (query kept), and can come back", async () => {
    const sedan = (await byName("Sedan"))!;
    const form = { intent: "edit", id: String(sedan.id), name: "Saloon", changeAddress: "on" };
    expect((await post(form)).status).toBe(302);
    expect((await byName("Saloon"))!.slug).toBe("saloon");
    const old = await visit(browse.loader, "/products/sedan?q=camry", { category: "sedan" });
    expect([old.status, old.location]).toEqual([301, "/products/saloon?q=camry"]);
    const now = await visit(browse.loader, "/products/saloon", { category: "saloon" });
    expect((now.data as { heading: string }).heading).toBe("Saloon cars");
    expect((await publicCategories()).sitemap).toEqual(["saloon", "off-road", "muscle", "suv"]);
    expect((await audits())[0]!.details).toMatchObject({
      changes: [
        { field: "name", from: "Sedan", to: "Saloon" },
        { field: "address", from: "sedan", to: "saloon" },
      ],
    });
    // Back again: "sedan" is live once more and "saloon" the old address.
    const back = { intent: "edit", id: String(sedan.id), name: "Sedan", changeAddress: "on" };
    expect((await post(back)).status).toBe(302);
    const history = await t.db.select().from(categorySlugHistory);
    expect(history).toEqual([{ slug: "saloon", categoryId: sedan.id }]);
    const again = await visit(browse.loader, "/products/saloon", { category: "saloon" });
    expect([again.status, again.location]).toEqual([301, "/products/sedan"]);
  });

  test("an address that was another category's is refused: old links keep their target", async () => {
    const sedan = (await byName("Sedan"))!;
    const suv = (await byName("SUV"))!;
    await post({ intent: "edit", id: String(sedan.id), name: "Saloon", changeAddress: "on" });
    await t.db.delete(auditLog);
    const answer = await post({
      intent: "edit",
      id: String(suv.id),
      name: "Sedan",
      changeAddress: "on",
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer).name).toEqual([
      "/products/sedan was an address of Saloon and still leads there; choose another name",
    ]);
    expect(await byName("SUV")).toMatchObject({ slug: "suv" });
    expect(await audits()).toEqual([]);
  });

  test("a new photo replaces the old, whose file is removed after the commit", async () => {
    await post({ intent: "add", name: "Pickup", photo: await photo(4) });
    const before = (await byName("Pickup"))!;
    const answer = await post({
      intent: "edit",
      id: String(before.id),
      name: "Pickup",
      photo: await photo(5),
    });
    expect(answer.status).toBe(302);
    const after = (await byName("Pickup"))!;
    expect(after.imageKey).not.toBe(before.imageKey);
    expect(await t.storage.get(after.imageKey)).not.toBeNull();
    expect(await t.storage.get(before.imageKey)).toBeNull();
  });
});

describe("hiding", () => {
  test("a hidden category leaves home, products, sitemap, filters and the sell form; its page is 404", async () => {
    const muscle = (await byName("Muscle"))!;
    const car = await createListing(t.db, {
      sellerId,
      categoryId: muscle.id,
      title: "Hidden Charger",
    });
    expect((await post({ intent: "hide", id: String(muscle.id) })).status).toBe(302);
    const shown = await publicCategories();
    for (const list of [shown.home, shown.products, shown.sidebar, shown.sellForm]) {
      expect(list).toEqual(["Sedan", "Off Road", "SUV"]);
    }
    expect(shown.sitemap).toEqual(["sedan", "off-road", "suv"]);
    expect((await visit(browse.loader, "/products/muscle", { category: "muscle" })).status).toBe(
      404,
    );
    // Its cars stay for sale: in all cars, and their edit form still shows their category.
    const all = (await visit(browse.loader, "/products/allProducts")).data as {
      rows: { id: number }[];
    };
    expect(all.rows.map((row) => row.id)).toContain(car.id);
    const edit = (
      await visit(
        editProduct.loader,
        `/dashboard/productDetails/editProduct/${car.id}`,
        { id: String(car.id) },
        seller.cookie,
      )
    ).data as { categories: { slug: string }[]; listing: { defaultValue: { category: string } } };
    expect(edit.listing.defaultValue.category).toBe("muscle");
    expect(edit.categories.map((c) => c.slug)).toEqual(["sedan", "off-road", "suv", "muscle"]);
    expect((await audits()).map((entry) => [entry.action, entry.details])).toEqual([
      [
        "hide_category",
        expect.objectContaining({ changes: [{ field: "hidden", from: false, to: true }] }),
      ],
    ]);
    // Shown again: back in its place.
    expect((await post({ intent: "show", id: String(muscle.id) })).status).toBe(302);
    expect((await publicCategories()).home).toEqual(["Sedan", "Off Road", "Muscle", "SUV"]);
    expect((await audits()).at(-1)!.action).toBe("show_category");
  });

  test("the last visible category cannot be hidden or deleted", async () => {
    for (const name of ["Sedan", "Off Road", "Muscle"]) {
      expect((await post({ intent: "hide", id: String((await byName(name))!.id) })).status).toBe(
        302,
      );
    }
    const suv = (await byName("SUV"))!;
    const hide = await post({ intent: "hide", id: String(suv.id) });
    expect(hide.status).toBe(409);
    expect(errorOf(hide)).toBe(
      "Visitors need at least one category: show or add another one first.",
    );
    const remove = await post({ intent: "delete", id: String(suv.id), cars: "0" });
    expect(remove.status).toBe(409);
    expect(await byName("SUV")).toMatchObject({ hidden: false });
    expect(await findCategories(t.db, t.storage)).toHaveLength(1);
  });
});

describe("a hidden category and sellers", () => {
  /** A sell or edit form's answer: the redirect, or the field errors. */
  async function answer(run: Promise<unknown>) {
    try {
      const value = await run;
      if (value instanceof Response) return { status: value.status, errors: {} };
      const { status, data } = dataOf<{ result?: { error?: Record<string, string[]> } }>(value);
      return { status, errors: data.result?.error ?? {} };
    } catch (error) {
      if (error instanceof Response) return { status: error.status, errors: {} };
      throw error;
    }
  }

  test("takes no new car, but a car already in it keeps it when edited", async () => {
    const muscle = (await byName("Muscle"))!;
    await post({ intent: "hide", id: String(muscle.id) });
    const sold = await answer(
      postForm(sellCar.action, {
        path: "/dashboard/sellCar",
        entries: [...carForm({ category: "muscle" }), ["photos", await photo(7)]],
        cookie: seller.cookie,
        context: t.context(),
      }),
    );
    expect(sold.status).toBe(400);
    expect(sold.errors.category).toEqual(["Choose one of the categories in the list"]);
    expect(await t.db.select().from(listing)).toEqual([]);

    const car = await createListing(t.db, { sellerId, categoryId: muscle.id }, { photos: 1 });
    const path = `/dashboard/productDetails/editProduct/${car.id}`;
    const page = (await visit(editProduct.loader, path, { id: String(car.id) }, seller.cookie))
      .data as { listing: { defaultValue: Record<string, string | string[]> } };
    const entries: Entries = Object.entries({
      ...page.listing.defaultValue,
      carName: "Kept in Muscle",
    }).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => [name, item] as [string, string]),
    );
    const edited = await answer(
      postForm(editProduct.action, {
        path,
        params: { id: String(car.id) },
        entries,
        cookie: seller.cookie,
        context: t.context(),
      }),
    );
    expect(edited.status, JSON.stringify(edited.errors)).toBe(302);
    const [row] = await t.db.select().from(listing).where(eq(listing.id, car.id));
    expect([row!.title, row!.categoryId]).toEqual(["Kept in Muscle", muscle.id]);
    // Another car cannot be moved into it.
    const other = await createListing(
      t.db,
      { sellerId, categoryId: (await byName("SUV"))!.id },
      { photos: 1 },
    );
    const otherPath = `/dashboard/productDetails/editProduct/${other.id}`;
    const otherPage = (
      await visit(editProduct.loader, otherPath, { id: String(other.id) }, seller.cookie)
    ).data as { listing: { defaultValue: Record<string, string | string[]> } };
    const moved = await answer(
      postForm(editProduct.action, {
        path: otherPath,
        params: { id: String(other.id) },
        entries: Object.entries({ ...otherPage.listing.defaultValue, category: "muscle" }).flatMap(
          ([name, value]) =>
            (Array.isArray(value) ? value : [value]).map(
              (item) => [name, item] as [string, string],
            ),
        ),
        cookie: seller.cookie,
        context: t.context(),
      }),
    );
    expect(moved.status).toBe(400);
    expect(moved.errors.category).toEqual(["Choose one of the categories in the list"]);
  });
});

describe("reordering", () => {
  test("up and down swap places; at an end nothing changes", async () => {
    const suv = (await byName("SUV"))!;
    expect((await post({ intent: "move", id: String(suv.id), direction: "up" })).status).toBe(302);
    expect(await namesInOrder()).toEqual(["Sedan", "Off Road", "SUV", "Muscle"]);
    expect((await publicCategories()).home).toEqual(["Sedan", "Off Road", "SUV", "Muscle"]);
    const sedan = (await byName("Sedan"))!;
    expect((await post({ intent: "move", id: String(sedan.id), direction: "up" })).status).toBe(
      302,
    );
    expect((await post({ intent: "move", id: String(sedan.id), direction: "down" })).status).toBe(
      302,
    );
    expect(await namesInOrder()).toEqual(["Off Road", "Sedan", "SUV", "Muscle"]);
    expect((await audits()).map((entry) => [entry.subjectId, entry.details])).toEqual([
      [
        String(suv.id),
        expect.objectContaining({ changes: [{ field: "position", from: 4, to: 3 }] }),
      ],
      [
        String(sedan.id),
        expect.objectContaining({ changes: [{ field: "position", from: 1, to: 2 }] }),
      ],
    ]);
  });
});

describe("deleting", () => {
  test("an empty category goes, with its photo file; audited", async () => {
    await post({ intent: "add", name: "Pickup", photo: await photo(6) });
    const pickup = (await byName("Pickup"))!;
    await t.db.delete(auditLog);
    const answer = await post({ intent: "delete", id: String(pickup.id), cars: "0" });
    expect(answer.status).toBe(302);
    expect(await byName("Pickup")).toBeUndefined();
    expect(await t.storage.get(pickup.imageKey)).toBeNull();
    expect((await audits()).map((entry) => [entry.action, entry.details])).toEqual([
      ["delete_category", expect.objectContaining({ slug: "pickup", cars: 0, movedTo: null })],
    ]);
    expect((await visit(browse.loader, "/products/pickup", { category: "pickup" })).status).toBe(
      404,
    );
  });

  test("one with cars is not deleted without moving them", async () => {
    const muscle = (await byName("Muscle"))!;
    await createListing(t.db, { sellerId, categoryId: muscle.id });
    const answer = await post({ intent: "delete", id: String(muscle.id), cars: "0" });
    expect(answer.status).toBe(409);
    expect(errorOf(answer)).toBe(
      "Nothing was deleted: Muscle has 1 car now. Move them to another category to delete it.",
    );
    const noTarget = await post({ intent: "delete", id: String(muscle.id), cars: "1" });
    expect(noTarget.status).toBe(400);
    expect(fieldErrors(noTarget).moveTo).toEqual(["Choose the category its cars move to"]);
    expect(await byName("Muscle")).toBeDefined();
    expect(await audits()).toEqual([]);
  });

  describe("move N cars and delete", () => {
    let muscle: typeof category.$inferSelect;
    let sedan: typeof category.$inferSelect;
    let cars: number[];
    const carCategories = async () =>
      (await t.db.select({ id: listing.id, categoryId: listing.categoryId }).from(listing)).map(
        (row) => row.categoryId,
      );
    beforeEach(async () => {
      muscle = (await byName("Muscle"))!;
      sedan = (await byName("Sedan"))!;
      // An old address of Muscle, which must follow its cars.
      await t.db.insert(categorySlugHistory).values({ slug: "hot-rods", categoryId: muscle.id });
      cars = [];
      for (let n = 0; n < 3; n++) {
        cars.push((await createListing(t.db, { sellerId, categoryId: muscle.id })).id);
      }
    });

    test("moves them all, their addresses follow, the category goes; one audit row", async () => {
      const answer = await post({
        intent: "delete",
        id: String(muscle.id),
        cars: "3",
        moveTo: String(sedan.id),
      });
      expect(answer.status, JSON.stringify(answer.data)).toBe(302);
      expect(await carCategories()).toEqual([sedan.id, sedan.id, sedan.id]);
      expect(await byName("Muscle")).toBeUndefined();
      for (const old of ["muscle", "hot-rods"]) {
        const page = await visit(browse.loader, `/products/${old}`, { category: old });
        expect([page.status, page.location]).toEqual([301, "/products/sedan"]);
      }
      expect((await audits()).map((entry) => [entry.action, entry.details])).toEqual([
        [
          "delete_category",
          expect.objectContaining({
            slug: "muscle",
            cars: 3,
            movedTo: { id: sedan.id, name: "Sedan", slug: "sedan" },
          }),
        ],
      ]);
    });

    test("a count that is not the one confirmed changes nothing (a conflict)", async () => {
      const answer = await post({
        intent: "delete",
        id: String(muscle.id),
        cars: "2",
        moveTo: String(sedan.id),
      });
      expect(answer.status).toBe(409);
      expect(errorOf(answer)).toBe(
        "Nothing was changed: Muscle has 3 cars now, not the 2 cars you confirmed. Look at the list again.",
      );
      expect(await carCategories()).toEqual([muscle.id, muscle.id, muscle.id]);
      expect(await byName("Muscle")).toBeDefined();
      expect(await t.db.select().from(categorySlugHistory)).toEqual([
        { slug: "hot-rods", categoryId: muscle.id },
      ]);
      expect(await audits()).toEqual([]);
    });

    test("a failure at the last step (the audit row) leaves every car where it was", async () => {
      await t.db.execute(sql`alter table audit_log add constraint no_category_delete_audit
        check (action <> 'delete_category') not valid`);
      try {
        await expect(
          post({ intent: "delete", id: String(muscle.id), cars: "3", moveTo: String(sedan.id) }),
        ).rejects.toThrow();
      } finally {
        await t.db.execute(sql`alter table audit_log drop constraint no_category_delete_audit`);
      }
      expect(await carCategories()).toEqual([muscle.id, muscle.id, muscle.id]);
      expect(await byName("Muscle")).toBeDefined();
      expect(await t.db.select().from(categorySlugHistory)).toEqual([
        { slug: "hot-rods", categoryId: muscle.id },
      ]);
    });

    test.skipIf(!ON_POSTGRES)(
      "a seller's save in flight makes the merge wait for it, then refuse: the count changed",
      async () => {
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const hasLock = new Promise<void>((resolve) => (locked = resolve));
        const save = t.db.transaction(async (tx) => {
          expect(await lockCategoryForCar(tx, muscle.id, null)).toBe(true);
          await createListing(tx as unknown as typeof t.db, { sellerId, categoryId: muscle.id });
          locked();
          await held;
        });
        await hasLock;
        const merge = post({
          intent: "delete",
          id: String(muscle.id),
          cars: "3",
          moveTo: String(sedan.id),
        });
        await sleep(200);
        release();
        await save;
        const answer = await merge;
        expect(answer.status).toBe(409);
        expect(errorOf(answer)).toContain("Muscle has 4 cars now, not the 3 cars you confirmed");
        expect(await carCategories()).toEqual([muscle.id, muscle.id, muscle.id, muscle.id]);
      },
    );

    test("the foreign key still refuses deleting a category with cars from a script", async () => {
      await expect(t.db.delete(category).where(eq(category.id, muscle.id))).rejects.toThrow();
    });
  });
});

describe("only admins", () => {
  test("a seller's post is refused and changes nothing", async () => {
    const sedan = (await byName("Sedan"))!;
    const answer = await post({ intent: "hide", id: String(sedan.id) }, seller);
    expect(answer.status).toBe(403);
    expect(await byName("Sedan")).toMatchObject({ hidden: false });
  });
});

describe("visitors' stored pages", () => {
  test("a rename, a hide and a new address show on the very next request", async () => {
    const buyer = await person(t, "buyer");
    const pages = await startPageCache(t, { viewer: buyer });
    try {
      const homeNames = (page: Page) =>
        (page.data as { categories: { name: string }[] }).categories.map((c) => c.name);
      const sedan = (await byName("Sedan"))!;
      const off = (await byName("Off Road"))!;
      await expectVisibleAfter(
        pages,
        "a rename",
        [
          { path: "/", shows: (page) => homeNames(page).includes("Saloon") },
          { path: "/products", shows: (page) => homeNames(page).includes("Saloon") },
          {
            path: "/products/sedan",
            shows: (page) => (page.data as { heading: string }).heading === "Saloon cars",
          },
        ],
        () => post({ intent: "edit", id: String(sedan.id), name: "Saloon" }),
      );
      await expectVisibleAfter(
        pages,
        "hiding Off Road",
        [
          { path: "/", shows: (page) => !homeNames(page).includes("Off Road") },
          { path: "/sitemap.xml", shows: (page) => !page.body.includes("/products/off-road<") },
          { path: "/products/off-road", shows: (page) => page.status === 404 },
        ],
        () => post({ intent: "hide", id: String(off.id) }),
      );
      await pages.barrier();
      await pages.get("/products/sedan");
      expect((await pages.get("/products/sedan")).cache).toBe("hit");
      await post({ intent: "edit", id: String(sedan.id), name: "Saloon", changeAddress: "on" });
      const moved = await pages.get("/products/sedan");
      expect([moved.status, moved.location]).toEqual([301, "/products/saloon"]);
    } finally {
      await pages.close();
    }
  });
});

test("the audit log names every category action", async () => {
  const { AUDIT_ACTION_LABEL } = await import("#app/models/audit.ts");
  for (const action of [
    "create_category",
    "update_category",
    "hide_category",
    "show_category",
    "reorder_category",
    "delete_category",
  ] as const) {
    expect(AUDIT_ACTION_LABEL[action]).toBeTruthy();
  }
  // The loader lists hidden ones too, with their cars and old addresses.
  const sedan = (await byName("Sedan"))!;
  await createListing(t.db, { sellerId, categoryId: sedan.id });
  await post({ intent: "hide", id: String(sedan.id) });
  const page = (await visit(categories.loader, "/dashboard/categories", {}, admin.cookie)).data as {
    categories: { name: string; hidden: boolean; cars: number }[];
  };
  expect(page.categories[0]).toMatchObject({ name: "Sedan", hidden: true, cars: 1 });
});
