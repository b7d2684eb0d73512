// Warnings beside messages that read like a known scam (issue 27): a deposit before a
// viewing, gift cards, wire transfers or crypto, couriers and shipping, "pay via" links,
// requests for codes. Matched on the server, in every language Carlot speaks (a scam in
// English reaches Spanish and Arabic readers too), and shown in the reader's language.
import { asc } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { warningPhrase } from "#app/db/schema.ts";
import { WARNING_KINDS, type WarningKind } from "#app/models/conversation.ts";
import { cached, invalidate } from "#app/services/cache.server.ts";

/**
 * The built-in words and phrases per warning, lower-case (a phrase matches on word
 * boundaries): migration 0027 wrote them into `warning_phrase`, which the admins then keep at
 * /dashboard/warningWords; "Restore the built-in phrases" writes back the missing ones.
 */
export const DEFAULT_WARNING_PATTERNS: Record<WarningKind, readonly string[]> = {
  deposit: [
    "deposit",
    "advance payment",
    "pay in advance",
    "pay upfront",
    "pay first",
    "reservation fee",
    "holding fee",
    "depósito",
    "deposito",
    "señal",
    "adelanto",
    "pago por adelantado",
    "anticipo",
    "عربون",
    "دفعة مقدمة",
  ],
  "gift-card": [
    "gift card",
    "giftcard",
    "itunes card",
    "steam card",
    "google play card",
    "tarjeta regalo",
    "tarjeta de regalo",
    "بطاقة هدايا",
    "بطاقة هدية",
  ],
  transfer: [
    "wire transfer",
    "wire the money",
    "western union",
    "moneygram",
    "bitcoin",
    "btc",
    "crypto",
    "usdt",
    "ethereum",
    "transferencia",
    "cripto",
    "criptomoneda",
    "حوالة",
    "تحويل بنكي",
    "بيتكوين",
    "عملة مشفرة",
    "كريبتو",
  ],
  shipping: [
    "courier",
    "shipping",
    "ship the car",
    "shipping company",
    "delivery agent",
    "transport company",
    "escrow",
    "mensajero",
    "envío",
    "envio",
    "transportista",
    "empresa de transporte",
    "شحن",
    "شركة شحن",
    "مندوب توصيل",
  ],
  "pay-link": [
    "pay via",
    "pay through",
    "payment link",
    "pay with this link",
    "paypal",
    "pagar por",
    "pagar con",
    "enlace de pago",
    "ادفع عبر",
    "رابط الدفع",
    "رابط دفع",
  ],
  code: [
    "verification code",
    "the code",
    "sms code",
    "one-time code",
    "otp",
    "send me the code",
    "código",
    "codigo",
    "رمز التحقق",
    "الرمز",
    "الكود",
  ],
};

/** Letters and digits of any script: a phrase must not sit inside a longer word. */
const WORD = "\\p{L}\\p{N}";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * One phrase as a pattern, on word boundaries. Arabic joins the article and small words to
 * the word ("العربون", "بالعربون") and pronouns after it: there, the phrase may carry them.
 */
function phrasePattern(phrase: string): string {
  const words = escape(phrase).replace(/ /g, "\\s+");
  return /^\p{Script=Arabic}/u.test(phrase)
    ? `(?<![${WORD}])(?:[وفبلك]?ال|[وفبلك])?${words}`
    : `(?<![${WORD}])${words}(?![${WORD}])`;
}

type Rules = (readonly [WarningKind, RegExp])[];

/** One pattern per warning that has phrases. */
export function compileWarnings(phrases: readonly { kind: WarningKind; phrase: string }[]): Rules {
  return WARNING_KINDS.flatMap((kind) => {
    const mine = phrases.filter((row) => row.kind === kind).map((row) => row.phrase);
    return mine.length > 0
      ? [[kind, new RegExp(mine.map(phrasePattern).join("|"), "iu")] as const]
      : [];
  });
}

const CACHE_KEY = "warning-phrases";

/** The admins' list, compiled; read at most once a second per process. */
export function warningRules(db: Db): Promise<Rules> {
  return cached(db, CACHE_KEY, 1_000, async () =>
    compileWarnings(
      await db
        .select({ kind: warningPhrase.kind, phrase: warningPhrase.phrase })
        .from(warningPhrase)
        .orderBy(asc(warningPhrase.id)),
    ),
  );
}

/** After the list changed: this process reads it again at once (others within a second). */
export const forgetWarningRules = (db: Db) => invalidate(db, CACHE_KEY);

/**
 * The warnings a message calls for, in a fixed order: its words are matched in every
 * language; the page writes each warning in its reader's.
 */
export function warningsFor(body: string, rules: Rules): WarningKind[] {
  const text = body.normalize("NFKC");
  return rules.filter(([, rule]) => rule.test(text)).map(([kind]) => kind);
}

/** The built-in list as rows, for restoring it. */
export const defaultWarningRows = () =>
  WARNING_KINDS.flatMap((kind) =>
    DEFAULT_WARNING_PATTERNS[kind].map((phrase) => ({ kind, phrase })),
  );
