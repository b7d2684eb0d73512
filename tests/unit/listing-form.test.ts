// The sell and edit schemas, parsed the way the browser and the action parse
// them (Conform on FormData): every message and every conditional rule.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";

import {
  photoLimitProblem,
  declaredTooLarge,
  editListingSchema,
  LISTING_BODY_MAX_BYTES,
  LISTING_MESSAGES,
  LISTING_PHOTO_MAX_BYTES,
  LISTING_TEXT_MAX,
  lastCarYear,
  listingColumns,
  priceProblem,
  resolvePhotoOrder,
  sellCarSchema,
} from "#app/models/listing-form.ts";
import { formatMileage, fromKilometres, toKilometres } from "#app/models/listing.ts";
import { bodyLimits } from "#server/security.ts";

type Fields = Record<string, string | string[] | File | File[]>;

const photo = (name = "car.jpg", size = 1000) => new File([new Uint8Array(size)], name);

const valid: Fields = {
  carName: "2016 Mazda CX-5 Touring",
  category: "suv",
  details: "Garage kept, two keys.",
  location: "Portland, OR",
  yearsUsed: "6",
  originalPrice: "28000",
  resalePrice: "16900",
  make: "Mazda",
  model: "CX-5",
  year: "2016",
  mileage: "88000",
  mileageUnit: "km",
  photos: photo(),
};

function formData(fields: Fields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}

function parse(
  fields: Fields,
  schema: typeof sellCarSchema | typeof editListingSchema = sellCarSchema,
) {
  const submission = parseWithZod(formData(fields), { schema });
  const errors = submission.status === "error" ? (submission.error ?? {}) : {};
  return { submission, errors: errors as Record<string, string[] | null> };
}

function errorsFor(changes: Fields, remove: string[] = []) {
  const fields = { ...valid, ...changes };
  for (const name of remove) delete fields[name];
  return parse(fields).errors;
}

describe("the required fields (spec §5, word for word)", () => {
  test.each([
    ["carName", "car name is required"],
    ["category", "Category is required"],
    ["photos", "image is required"],
    ["details", "Details is required"],
    ["location", "Location is required"],
    ["originalPrice", "Original Price is required"],
    ["resalePrice", "Resale Price is required"],
  ])("%s missing → %j", (name, message) => {
    expect(errorsFor({}, [name])[name]).toEqual([message]);
  });

  test.each(["carName", "details", "location", "originalPrice", "resalePrice", "category"])(
    "%s of spaces only counts as missing",
    (name) => {
      expect(errorsFor({ [name]: "   " })[name]?.[0]).toMatch(/is required$/);
    },
  );

  test.each([
    ["make", "Make is required"],
    ["model", "Model is required"],
    ["year", "Year is required"],
    ["mileage", "Mileage is required"],
    ["yearsUsed", "Years used is required"],
  ])("the car fact %s is required too: %j", (name, message) => {
    expect(errorsFor({}, [name])[name]).toEqual([message]);
  });

  test("fuel, transmission and colour are optional", () => {
    const { submission } = parse({ ...valid, fuel: "", transmission: "", colour: "" });
    expect(submission.status).toBe("success");
  });

  test("an empty form shows every message at once", () => {
    expect(Object.keys(parse({}).errors).sort()).toEqual(
      [
        "carName",
        "category",
        "details",
        "location",
        "make",
        "mileage",
        "model",
        "originalPrice",
        "photos",
        "resalePrice",
        "year",
        "yearsUsed",
      ].sort(),
    );
  });

  test("the edit form also requires quality", () => {
    expect(parse(valid, editListingSchema).errors.quality).toEqual([LISTING_MESSAGES.quality]);
    expect(parse({ ...valid, quality: "Mint" }, editListingSchema).errors.quality).toEqual([
      LISTING_MESSAGES.quality,
    ]);
    expect(parse({ ...valid, quality: "Not bad" }, editListingSchema).submission.status).toBe(
      "success",
    );
  });
});

describe("years used and the exact period", () => {
  test("'less than a year' requires the exact number and the unit", () => {
    const errors = errorsFor({ yearsUsed: "less than a year" });
    expect(errors.periodAmount).toEqual(["This field is required"]);
    expect(errors.periodUnit).toEqual(["This field is required"]);
  });

  test("'more than 10 years' requires them too", () => {
    const errors = errorsFor({ yearsUsed: "more than 10 years" });
    expect(errors.periodAmount).toEqual(["This field is required"]);
    expect(errors.periodUnit).toEqual(["This field is required"]);
  });

  test("the rule also shows when other fields are wrong", () => {
    const errors = errorsFor({ yearsUsed: "less than a year" }, ["carName", "photos"]);
    expect(errors.periodAmount).toEqual(["This field is required"]);
    expect(errors.carName).toEqual(["car name is required"]);
  });

  test.each([
    ["days", "45"],
    ["days", "365"],
    ["months", "11"],
    ["months", "12"],
    ["years", "1"],
  ])("less than a year: %s %s is fine", (unit, amount) => {
    const { submission } = parse({
      ...valid,
      yearsUsed: "less than a year",
      periodAmount: amount,
      periodUnit: unit,
    });
    expect(submission.status).toBe("success");
  });

  test.each([
    ["days", "366", "Less than a year means 1 to 365 days"],
    ["months", "13", "Less than a year means 1 to 12 months"],
    ["years", "2", "Less than a year in years can only be 1"],
    ["days", "0", "Less than a year means 1 to 365 days"],
    ["months", "six", "Type a whole number, like 6"],
    ["months", "2.5", "Type a whole number, like 6"],
  ])("less than a year: %s %s → %j", (unit, amount, message) => {
    const errors = errorsFor({
      yearsUsed: "less than a year",
      periodAmount: amount,
      periodUnit: unit,
    });
    expect(errors.periodAmount).toEqual([message]);
  });

  test("more than 10 years takes years only, from 11", () => {
    const base = { yearsUsed: "more than 10 years" };
    expect(errorsFor({ ...base, periodAmount: "14", periodUnit: "months" }).periodUnit).toEqual([
      "Choose Years",
    ]);
    expect(errorsFor({ ...base, periodAmount: "10", periodUnit: "years" }).periodAmount).toEqual([
      "More than 10 years means 11 to 100 years",
    ]);
    expect(
      parse({ ...valid, ...base, periodAmount: "14", periodUnit: "years" }).submission.status,
    ).toBe("success");
  });

  test("an unknown unit is refused", () => {
    const errors = errorsFor({
      yearsUsed: "less than a year",
      periodAmount: "3",
      periodUnit: "weeks",
    });
    expect(errors.periodUnit).toEqual(["Choose Years, Months, Days"]);
  });

  test("an ordinary choice ignores (and drops) an exact period", () => {
    const { submission } = parse({
      ...valid,
      yearsUsed: "3",
      periodAmount: "junk",
      periodUnit: "x",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(listingColumns(submission.value)).toMatchObject({
      yearsUsed: "3",
      periodAmount: null,
      periodUnit: null,
    });
  });

  test("'more then 10 years' (the old spelling) is not a choice", () => {
    expect(errorsFor({ yearsUsed: "more then 10 years" }).yearsUsed).toEqual([
      "Years used is required",
    ]);
  });
});

describe("prices", () => {
  test("whole dollars are stored as cents", () => {
    const { submission } = parse({ ...valid, originalPrice: " 28000 ", resalePrice: "0" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.originalPrice).toBe(2_800_000);
    expect(submission.value.resalePrice).toBe(0);
  });

  test.each([
    ["$12,500", /without \$ or another currency sign, digits only: for example 12500$/],
    ["12500$", /without \$ or another currency sign/],
    ["€9.999", /without \$ or another currency sign, digits only: for example 9999$/],
    ["12,500", /without commas, dots or spaces: for example 12500$/],
    ["12 500", /without commas, dots or spaces: for example 12500$/],
    ["12500.50", /whole amount, without cents/],
    ["-300", /cannot be negative/],
    ["twelve thousand", /as a whole number, for example 12500/],
    ["10000001", /up to 10,000,000/],
  ])("%j gets a clear message and is not changed", (typed, message) => {
    expect(errorsFor({ resalePrice: typed }).resalePrice?.[0]).toMatch(message);
    expect(priceProblem(typed)).toMatch(message);
  });

  test("the largest price fits the database column in cents", () => {
    expect(priceProblem("10000000")).toBeNull();
    expect(10_000_000 * 100).toBeLessThan(2 ** 31);
  });
});

describe("car facts", () => {
  const next = lastCarYear();

  test.each([
    ["1949", false],
    ["1950", true],
    [String(next), true],
    [String(next + 1), false],
    ["20x9", false],
    ["19", false],
  ])("year %s accepted: %s", (year, ok) => {
    const errors = errorsFor({ year });
    if (ok) expect(errors.year).toBeUndefined();
    else expect(errors.year).toEqual([`Type the year the car was made, from 1950 to ${next}`]);
  });

  test.each([
    ["0", null],
    ["2000000", null],
    ["2000001", "Type a mileage up to 2,000,000"],
    ["45,000", "Type the mileage as a whole number, without commas or units: for example 45000"],
    ["45000 km", "Type the mileage as a whole number, without commas or units: for example 45000"],
  ])("mileage %s", (mileage, message) => {
    const errors = errorsFor({ mileage });
    expect(errors.mileage ?? null).toEqual(message ? [message] : null);
  });

  test("miles are stored as kilometres and shown back in miles", () => {
    expect(toKilometres(30_000, "mi")).toBe(48_280);
    expect(toKilometres(30_000, "km")).toBe(30_000);
    for (const miles of [1, 999, 30_000, 123_457, 2_000_000]) {
      expect(fromKilometres(toKilometres(miles, "mi"), "mi")).toBe(miles);
    }
    // Pages show it in the seller's unit.
    expect(formatMileage(48_280, "mi")).toBe("30,000 mi");
    expect(formatMileage(48_280)).toBe("48,280 km");
    const { submission } = parse({ ...valid, mileage: "30000", mileageUnit: "mi" });
    if (submission.status !== "success") throw new Error("expected success");
    expect(listingColumns(submission.value)).toMatchObject({
      mileageKm: 48_280,
      mileageUnit: "mi",
    });
  });

  test("fuel and transmission come from their lists", () => {
    expect(errorsFor({ fuel: "Steam" }).fuel?.[0]).toMatch(/^Choose one of: Petrol/);
    expect(errorsFor({ transmission: "CVT-ish" }).transmission?.[0]).toMatch(
      /^Choose one of: Automatic, Manual/,
    );
    expect(errorsFor({ mileageUnit: "furlongs" }).mileageUnit).toEqual(["Choose km or mi"]);
  });

  test.each(Object.entries(LISTING_TEXT_MAX))("%s is at most %d characters", (name, max) => {
    expect(errorsFor({ [name]: "x".repeat(max) })[name]).toBeUndefined();
    expect(errorsFor({ [name]: "x".repeat(max + 1) })[name]).toEqual([
      `Use at most ${max.toLocaleString("en-US")} characters`,
    ]);
  });
});

describe("the site's photo limit", () => {
  const photo = () => new File([new Uint8Array(10)], "car.jpg", { type: "image/jpeg" });
  test("a form adding photos may not go past it", () => {
    expect(photoLimitProblem({ photos: [photo(), photo(), photo()] }, 2)).toBe(
      "Choose at most 2 photos",
    );
    expect(photoLimitProblem({ photos: [photo()] }, 1)).toBeNull();
    expect(photoLimitProblem({ photos: [photo(), photo()] }, 1)).toBe("Choose at most 1 photo");
    // Two saved photos kept and one added: three.
    expect(photoLimitProblem({ photos: [photo()], photoOrder: ["e:1", "e:2", "n:0"] }, 2)).toBe(
      "Choose at most 2 photos",
    );
  });

  test("a car saved with more than a lowered limit keeps them while it adds none", () => {
    expect(photoLimitProblem({ photos: [], photoOrder: ["e:1", "e:2", "e:3"] }, 2)).toBeNull();
  });
});

describe("photos", () => {
  test("one to twelve", () => {
    expect(
      errorsFor({ photos: Array.from({ length: 12 }, (_, i) => photo(`${i}.jpg`)) }).photos,
    ).toBe(undefined);
    expect(
      errorsFor({ photos: Array.from({ length: 13 }, (_, i) => photo(`${i}.jpg`)) }).photos,
    ).toEqual(["Choose at most 12 photos"]);
  });

  test("an input with no file chosen is no photo", () => {
    expect(errorsFor({ photos: new File([], "") }).photos).toEqual(["image is required"]);
  });

  test("an empty or oversized file is named", () => {
    expect(errorsFor({ photos: photo("blank.jpg", 0) }).photos).toEqual([
      '"blank.jpg" is empty (0 bytes). Choose another photo.',
    ]);
    expect(errorsFor({ photos: photo("big.jpg", LISTING_PHOTO_MAX_BYTES + 1) }).photos).toEqual([
      '"big.jpg" is 15 MB; each photo can be at most 15 MB.',
    ]);
  });

  test("saved photos count (edit form): keeping one is enough, none is not", () => {
    const kept = { ...valid, quality: "Good", photoOrder: ["e:4"] } as Fields;
    delete kept.photos;
    expect(parse(kept, editListingSchema).submission.status).toBe("success");
    expect(parse({ ...kept, photoOrder: [] }, editListingSchema).errors.photos).toEqual([
      "image is required",
    ]);
  });

  test("a malformed order is refused", () => {
    for (const photoOrder of [["x:1"], ["n:1"], ["e:1", "e:1"], ["n:0", "n:0"], ["e:"]]) {
      expect(errorsFor({ photoOrder }).photos).toEqual([LISTING_MESSAGES.photoList]);
    }
  });

  test("resolvePhotoOrder: tokens first, unmentioned new files after", () => {
    expect(resolvePhotoOrder(["n:1", "e:7"], 3)).toEqual([
      { kind: "new", index: 1 },
      { kind: "existing", id: 7 },
      { kind: "new", index: 0 },
      { kind: "new", index: 2 },
    ]);
    expect(resolvePhotoOrder([], 2)).toEqual([
      { kind: "new", index: 0 },
      { kind: "new", index: 1 },
    ]);
    expect(resolvePhotoOrder(["n:2"], 2)).toBeNull();
  });

  test("a declared body is checked against 12 × 15 MB + 1 MB", () => {
    expect(LISTING_BODY_MAX_BYTES).toBe(12 * 15 * 1024 * 1024 + 1024 * 1024);
    expect(declaredTooLarge(String(LISTING_BODY_MAX_BYTES))).toBe(false);
    expect(declaredTooLarge(String(LISTING_BODY_MAX_BYTES + 1))).toBe(true);
    expect(declaredTooLarge(null)).toBe(false);
  });
});

describe("the server's body limit for the sell and edit paths", () => {
  function answer(path: string, length: number) {
    let status: number | null = null;
    let passed = false;
    const res = {
      status(code: number) {
        status = code;
        return this;
      },
      type() {
        return this;
      },
      send() {
        return this;
      },
    };
    const req = { method: "POST", path, headers: { "content-length": String(length) } };
    bodyLimits()(req as never, res as never, () => {
      passed = true;
    });
    return passed ? "passed" : status;
  }

  test.each([
    "/dashboard/sellCar",
    "/dashboard/sellCar.data",
    "/dashboard/productDetails/editProduct/42",
    "/dashboard/productDetails/editProduct/42.data",
  ])("%s takes 12 × 15 MB + 1 MB, not a byte more", (path) => {
    expect(answer(path, LISTING_BODY_MAX_BYTES)).toBe("passed");
    expect(answer(path, LISTING_BODY_MAX_BYTES + 1)).toBe(413);
  });

  test("other paths keep the small default", () => {
    expect(answer("/dashboard/productDetails/42", 1024 * 1024)).toBe(413);
    expect(answer("/dashboard/myProducts", 1024 * 1024)).toBe(413);
  });
});

describe("what the form may set", () => {
  test("seller, status and advertising are not fields", () => {
    const { submission } = parse({
      ...valid,
      sellerId: "someone",
      status: "sold",
      advertisedAt: "2020-01-01",
      sellerVerified: "true",
    });
    if (submission.status !== "success") throw new Error("expected success");
    const columns = listingColumns(submission.value);
    for (const forged of ["sellerId", "status", "advertisedAt", "sellerVerified", "quality"]) {
      expect(columns).not.toHaveProperty(forged);
      expect(submission.value).not.toHaveProperty(forged);
    }
  });
});
