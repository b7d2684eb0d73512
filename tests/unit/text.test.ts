// "Text is text" (issue 23): every text field of every form refuses control
// characters with one message, keeps line breaks and tabs where a textarea sends
// them, and keeps every script, accent and emoji people type.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import type { z } from "zod";

import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "#app/models/account.ts";
import { parseUserId } from "#app/models/id.ts";
import { editListingSchema, sellCarSchema } from "#app/models/listing-form.ts";
import { contactSellerSchema } from "#app/models/order-form.ts";
import { reportFormSchema } from "#app/models/report-form.ts";
import { isPlainText, TEXT_MESSAGES } from "#app/models/text.ts";
import { withdrawSchema } from "#app/models/verification-form.ts";
import { inSchemaShape } from "#app/services/form.server.ts";

/** Every C0 control but newline and tab, CR on its own, DEL, and the C1 range's ends. */
const REFUSED_EVERYWHERE = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).filter(
    (char) => char !== "\n" && char !== "\t" && char !== "\r",
  ),
  "\r",
  "\u007f",
  "\u0080",
  "\u0085",
  "\u009f",
  "\ud800",
  "\udfff",
];
const KEPT = [
  "Señora Núñez, Plaza de España",
  "مرآب في دبي، شارع الشيخ زايد",
  "Ünter den Linden — Straße",
  "🚗 family car 👨‍👩‍👧",
  "‏مرحبا‎ with bidi marks",
  "Zürich 8001 · «ça va»",
];
const name = (char: string) => `U+${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

describe("isPlainText", () => {
  test.each(REFUSED_EVERYWHERE.map((char) => [name(char), char]))(
    "refuses %s in single-line and multi-line text",
    (_name, char) => {
      expect(isPlainText(`a${char}b`)).toBe(false);
      expect(isPlainText(`a${char}b`, "multi-line")).toBe(false);
    },
  );

  test("newline, tab and CRLF are multi-line text only", () => {
    for (const text of ["one\ntwo", "one\ttwo", "one\r\ntwo\r\n\r\nthree"]) {
      expect(isPlainText(text, "multi-line"), JSON.stringify(text)).toBe(true);
      expect(isPlainText(text), JSON.stringify(text)).toBe(false);
    }
    expect(isPlainText("one\r\rtwo", "multi-line")).toBe(false);
    expect(isPlainText("one\n\rtwo", "multi-line")).toBe(false);
  });

  test.each(KEPT)("keeps %s", (text) => {
    expect(isPlainText(text)).toBe(true);
    expect(isPlainText(text, "multi-line")).toBe(true);
  });
});

type Fields = Record<string, string | string[] | File>;
const photo = new File([new Uint8Array(10)], "car.jpg");
const listing: Fields = {
  carName: "2016 Mazda CX-5",
  category: "suv",
  details: "Garage kept.\r\nTwo keys.\tService book.",
  location: "Portland, OR",
  yearsUsed: "3",
  originalPrice: "30000",
  resalePrice: "17900",
  make: "Mazda",
  model: "CX-5",
  year: "2016",
  mileage: "45000",
  colour: "Blue",
  quality: "Good",
  photos: photo,
};

/** Each form's schema, a valid submission and its text fields (multi-line ones marked). */
const FORMS: {
  form: string;
  schema: z.ZodType;
  valid: Fields;
  single: string[];
  multi?: string[];
}[] = [
  {
    form: "register",
    schema: registerSchema,
    valid: { name: "Ana", email: "ana@example.com", password: "long enough", image: photo },
    single: ["name", "email", "password"],
  },
  {
    form: "login",
    schema: loginSchema,
    valid: { email: "ana@example.com", password: "secret" },
    single: ["email", "password"],
  },
  {
    form: "forgot password",
    schema: forgotPasswordSchema,
    valid: { email: "ana@example.com" },
    single: ["email"],
  },
  {
    form: "reset password",
    schema: resetPasswordSchema,
    valid: { token: "abc", password: "long enough", confirm: "long enough" },
    single: ["password", "confirm"],
  },
  {
    form: "contact seller",
    schema: contactSellerSchema,
    valid: { buyerName: "Ana", meetingLocation: "Plaza Mayor", buyerPhone: "+34 600 000 000" },
    single: ["buyerName", "meetingLocation", "buyerPhone"],
  },
  {
    form: "sell",
    schema: sellCarSchema,
    valid: listing,
    single: ["carName", "location", "make", "model", "colour"],
    multi: ["details"],
  },
  {
    form: "edit",
    schema: editListingSchema,
    valid: listing,
    single: ["carName", "location", "make", "model", "colour"],
    multi: ["details"],
  },
];

/** A submission's field errors (none when it succeeded). */
function errorsOf(result: { status?: string }): Record<string, string[] | null | undefined> {
  return "error" in result && result.error ? (result.error as Record<string, string[] | null>) : {};
}

function formData(fields: Fields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  return form;
}

describe.each(FORMS)("the $form form", ({ schema, valid, single, multi = [] }) => {
  const parse = (fields: Fields) => parseWithZod(formData(fields), { schema });

  test("accepts the valid submission, with accents, Arabic and emoji", () => {
    expect(parse(valid).status).toBe("success");
    for (const field of [...single, ...multi].filter((f) => f !== "email")) {
      for (const text of KEPT) {
        // Names of passwords and prices have their own rules; only the text rule is checked.
        const errors = errorsOf(parse({ ...valid, [field]: text }))[field] ?? [];
        expect(errors, `${field}: ${text}`).not.toContain(TEXT_MESSAGES.control);
      }
    }
  });

  test("refuses every control character in every text field, with the message", () => {
    for (const field of [...single, ...multi]) {
      for (const char of ["\u0000", "\u001b", "\u007f", "\u0085", "\r"]) {
        const result = parse({ ...valid, [field]: `Ana${char}Ruiz` });
        expect(result.status, `${field} ${name(char)}`).toBe("error");
        expect(errorsOf(result)[field], `${field} ${name(char)}`).toContain(TEXT_MESSAGES.control);
      }
    }
  });

  test("single-line fields refuse newline and tab; multi-line ones keep them", () => {
    for (const field of single) {
      expect(errorsOf(parse({ ...valid, [field]: "Ana\tRuiz" }))[field]).toContain(
        TEXT_MESSAGES.control,
      );
    }
    for (const field of multi) {
      expect(parse({ ...valid, [field]: "One\r\nTwo\n\tThree" }).status, field).toBe("success");
    }
  });
});

test("a control character in a reset token is an invalid link, not a field message", () => {
  const result = parseWithZod(
    formData({ token: "a\u0000b", password: "long enough", confirm: "long enough" }),
    { schema: resetPasswordSchema },
  );
  expect(errorsOf(result).token).toEqual(["This reset link is not valid"]);
});

test("report details and withdrawal reasons follow the same rule", () => {
  const report = (details: string) =>
    parseWithZod(formData({ reason: "scam", details }), { schema: reportFormSchema });
  const withdraw = (reason: string) =>
    parseWithZod(formData({ reason }), { schema: withdrawSchema });
  expect(errorsOf(report("a\u0000b"))).toEqual({ details: [TEXT_MESSAGES.control] });
  expect(report("Line one\r\nLine two 🚗").status).toBe("success");
  expect(errorsOf(withdraw("a\u0000b"))).toEqual({ reason: [TEXT_MESSAGES.control] });
  expect(withdraw("Documents expired.\r\nAsked for new ones.").status).toBe("success");
});

test("account ids with control characters are not ids", () => {
  expect(parseUserId("Ab3_x-9")).toBe("Ab3_x-9");
  expect(parseUserId("9f1c2e4a-1b2c-4d3e-8f90-123456789abc")).not.toBeNull();
  for (const bad of ["a\u0000b", "", "a b", "a".repeat(101), "a\u007f", undefined]) {
    expect(parseUserId(bad), JSON.stringify(bad)).toBeNull();
  }
});

describe("inSchemaShape", () => {
  test("a single value of a list field becomes a list", () => {
    expect(inSchemaShape(editListingSchema, { photoOrder: "e:1" }).photoOrder).toEqual(["e:1"]);
    expect(inSchemaShape(editListingSchema, { photoOrder: ["e:1", "n:0"] }).photoOrder).toEqual([
      "e:1",
      "n:0",
    ]);
  });

  test("a repeated single field keeps its first value", () => {
    const shaped = inSchemaShape(editListingSchema, {
      resalePrice: ["12,500", "9000"],
      carName: ["Mazda", "Ford"],
      unknown: ["a", "b"],
    });
    expect(shaped).toEqual({ resalePrice: "12,500", carName: "Mazda", unknown: ["a", "b"] });
  });
});
