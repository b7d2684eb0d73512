// How a request names its language (decision 020), and how the page cache keeps
// pages apart by it.
import type { IncomingMessage } from "node:http";

import { describe, expect, test } from "vitest";

import {
  directionOf,
  languageFromAcceptLanguage,
  languageFromCookie,
  requestedLanguage,
} from "#app/i18n/languages.ts";
import { languageOfRequest } from "#app/i18n/language.server.ts";
import { translatorOf } from "#app/i18n/translator.ts";
import { cacheKey, partsOfKey } from "#server/page-cache-rules.ts";

describe("Accept-Language", () => {
  test("the best of our languages by quality, then by order", () => {
    expect(languageFromAcceptLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(languageFromAcceptLanguage("de-DE,de;q=0.9,ar;q=0.5,en;q=0.4")).toBe("ar");
    expect(languageFromAcceptLanguage("fr, en;q=0.1")).toBe("en");
    expect(languageFromAcceptLanguage("en;q=0.5, es")).toBe("es");
    expect(languageFromAcceptLanguage("AR-eg")).toBe("ar");
  });
  test("none of ours, nothing, or nonsense: null", () => {
    expect(languageFromAcceptLanguage("de-DE,fr;q=0.5")).toBeNull();
    expect(languageFromAcceptLanguage("")).toBeNull();
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
    expect(languageFromAcceptLanguage("es;q=0")).toBeNull();
    expect(languageFromAcceptLanguage("es;q=abc")).toBeNull();
    expect(languageFromAcceptLanguage(";;;,,,=")).toBeNull();
  });
});

describe("the lang cookie", () => {
  test("names one of ours, or nothing", () => {
    expect(languageFromCookie("a=1; lang=ar; b=2")).toBe("ar");
    expect(languageFromCookie("lang=fr")).toBeNull();
    expect(languageFromCookie("xlang=es")).toBeNull();
    expect(languageFromCookie(null)).toBeNull();
  });
  test("the pseudo-language only where allowed", () => {
    expect(languageFromCookie("lang=en-XA")).toBeNull();
    expect(languageFromCookie("lang=en-XA", true)).toBe("en-XA");
  });
  test("wins over Accept-Language", () => {
    expect(requestedLanguage("lang=es", "ar")).toBe("es");
    expect(requestedLanguage("", "ar")).toBe("ar");
  });
});

describe("a request's language", () => {
  const request = (headers: Record<string, string>) => new Request("http://x/", { headers });
  test("the account, then the cookie, then Accept-Language, then the site's default", () => {
    const both = request({ cookie: "lang=es", "accept-language": "ar" });
    expect(languageOfRequest(both, "en", "ar")).toBe("en");
    expect(languageOfRequest(both, null, "en")).toBe("es");
    expect(languageOfRequest(request({ "accept-language": "ar" }), null, "en")).toBe("ar");
    expect(languageOfRequest(request({ "accept-language": "de" }), null, "es")).toBe("es");
  });
  test("right-to-left for Arabic only", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("es")).toBe("ltr");
    expect(directionOf("en-XA")).toBe("ltr");
  });
});

describe("the translator", () => {
  test("a key it lacks is its English; its ICU texts fill values and plurals", () => {
    const { t } = translatorOf("ar", {
      "{count, plural, one {# car} other {# cars}}":
        "{count, plural, zero {لا سيارات} one {سيارة واحدة} two {سيارتان} few {# سيارات} many {# سيارة} other {# سيارة}}",
    });
    expect(t("Sell Your Car")).toBe("Sell Your Car");
    const cars = (count: number) => t("{count, plural, one {# car} other {# cars}}", { count });
    expect([0, 1, 2, 3, 11, 100].map(cars)).toEqual([
      "لا سيارات",
      "سيارة واحدة",
      "سيارتان",
      "3 سيارات",
      "11 سيارة",
      "100 سيارة",
    ]);
  });
});

describe("the page cache's key", () => {
  const req = (headers: Record<string, string>, url = "/products") =>
    ({ method: "GET", url, headers }) as unknown as IncomingMessage;
  test("a visitor who asks for no language of ours shares the page with everyone", () => {
    expect(cacheKey(req({}), null)).toBe("/products");
    expect(cacheKey(req({ "accept-language": "de" }), null)).toBe("/products");
  });
  test("each language asked for is stored apart, by cookie or Accept-Language", () => {
    const spanish = cacheKey(req({ "accept-language": "es-ES" }), null)!;
    expect(spanish).not.toBe("/products");
    expect(cacheKey(req({ cookie: "lang=es" }), null)).toBe(spanish);
    expect(partsOfKey(spanish)).toEqual({ url: "/products", language: "es" });
    expect(cacheKey(req({ cookie: "lang=ar", "accept-language": "es" }), null)).not.toBe(spanish);
    expect(partsOfKey("/products")).toEqual({ url: "/products", language: null });
  });
  test("signed-in people's pages are still never stored", () => {
    expect(cacheKey(req({ cookie: "lang=es; carlot.session_token=x" }), null)).toBeNull();
  });
});
