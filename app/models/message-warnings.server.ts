// Warnings beside messages that read like a known scam (issue 27): a deposit before a
// viewing, gift cards, wire transfers or crypto, couriers and shipping, "pay via" links,
// requests for codes. Matched on the server, in every language Carlot speaks (a scam in
// English reaches Spanish and Arabic readers too), and shown in the reader's language.
import type { WarningKind } from "#app/models/conversation.ts";

/** Words and phrases per warning, lower-case; a phrase matches on word boundaries. */
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

function compile(patterns: Record<WarningKind, readonly string[]>) {
  return (Object.entries(patterns) as [WarningKind, readonly string[]][]).map(
    ([kind, phrases]) => [kind, new RegExp(phrases.map(phrasePattern).join("|"), "iu")] as const,
  );
}

const DEFAULT_RULES = compile(DEFAULT_WARNING_PATTERNS);

/**
 * The warnings a message calls for, in a fixed order: its words are matched in every
 * language; the page writes each warning in its reader's.
 */
export function warningsFor(body: string): WarningKind[] {
  const text = body.normalize("NFKC");
  return DEFAULT_RULES.filter(([, rule]) => rule.test(text)).map(([kind]) => kind);
}
