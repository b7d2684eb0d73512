// Conversation vocabulary shared by client and server (issue 27, decision 022): every
// contact request ("order") is a conversation between its buyer and its seller.
import { z } from "zod";

import { msg } from "#app/i18n/translator.ts";
import { chosenFiles } from "#app/models/listing-form-values.ts";
import { textField } from "#app/models/text-field.ts";

/** The longest message, in characters. */
export const MESSAGE_MAX_CHARS = 2000;
/** The most photos one message carries. */
export const MESSAGE_PHOTO_MAX = 4;
/**
 * Messages a conversation page shows at once: the latest ones, oldest first, and a link to the
 * ones before them.
 */
export const MESSAGES_SHOWN = 50;
/** Conversations an inbox page lists. */
export const CONVERSATIONS_PAGE_SIZE = 20;

/** Which side of a conversation a person is on. */
export const SIDES = ["buyer", "seller"] as const;
export type Side = (typeof SIDES)[number];

/**
 * Why a conversation no longer takes messages: the car or the request, or a block (by the
 * reader: "blocked"; by the other side: "closed", and nothing more is said).
 */
export type ClosedWhy = "sold" | "removed" | "cancelled" | "blocked" | "closed";

/** Why a person reports a conversation to the admins. */
export const CONVERSATION_REPORT_REASONS = ["scam", "harassment", "spam", "other"] as const;
export type ConversationReportReason = (typeof CONVERSATION_REPORT_REASONS)[number];

export const CONVERSATION_REPORT_REASON_LABEL: Record<ConversationReportReason, string> = {
  scam: msg("A scam or a request for money"),
  harassment: msg("Harassment or offensive words"),
  spam: msg("Spam or advertising"),
  other: msg("Something else"),
};

export const CONVERSATION_MESSAGES = {
  bodyRequired: msg("Write a message or add a photo first."),
  tooManyPhotos: msg("Add at most 4 photos to one message."),
  photosUnavailable: msg(
    "Photos cannot be stored right now. Please try again in a minute, or send your message without them.",
  ),
  bodyTooLong: msg("Keep a message within 2,000 characters."),
  composeKey: msg("This form is out of date. Reload the page and send your message again."),
  sent: msg("Message sent."),
  missing: msg("This conversation does not exist, or is not yours."),
  closed: msg("This conversation is closed: no new messages can be sent."),
  tooMany: msg("You are sending messages very fast. Wait a moment, then send again."),
  closedSold: msg("The car was sold, so this conversation is closed."),
  closedRemoved: msg("The car was removed from the site, so this conversation is closed."),
  closedCancelled: msg("The request was cancelled, so this conversation is closed."),
  closedBlocked: msg(
    "You blocked this person: neither of you can write here. Unblock them to write again.",
  ),
  closedClosed: msg("This conversation is closed."),
  reasonRequired: msg("Choose why you are reporting this conversation."),
  detailsTooLong: msg("Please keep it under 1000 characters"),
  reported: msg(
    "Thank you. The admins will read this conversation and act on it. You can block the other person meanwhile.",
  ),
  reportedAgain: msg("You have already reported this conversation to the admins."),
  blocked: msg("Blocked. They can no longer write to you here."),
  unblocked: msg("Unblocked. You can both write here again."),
} as const;

export const CLOSED_TEXT: Record<ClosedWhy, string> = {
  sold: CONVERSATION_MESSAGES.closedSold,
  removed: CONVERSATION_MESSAGES.closedRemoved,
  cancelled: CONVERSATION_MESSAGES.closedCancelled,
  blocked: CONVERSATION_MESSAGES.closedBlocked,
  closed: CONVERSATION_MESSAGES.closedClosed,
};

export const messageFormSchema = z
  .object({
    // Empty when the message is photos alone.
    body: textField({ kind: "multi-line" })
      .trim()
      .max(MESSAGE_MAX_CHARS, CONVERSATION_MESSAGES.bodyTooLong)
      .default(""),
    photos: z.array(z.unknown()).optional(),
    // A fresh random key per compose (the page renders one): the same compose sent twice is
    // one message.
    composeKey: textField({ required: CONVERSATION_MESSAGES.composeKey }).regex(
      /^[A-Za-z0-9_-]{8,64}$/,
      CONVERSATION_MESSAGES.composeKey,
    ),
  })
  .superRefine((value, context) => {
    const photos = chosenFiles(value.photos).length;
    if (photos > MESSAGE_PHOTO_MAX) {
      context.addIssue({
        code: "custom",
        path: ["photos"],
        message: CONVERSATION_MESSAGES.tooManyPhotos,
      });
    } else if (value.body === "" && photos === 0) {
      context.addIssue({
        code: "custom",
        path: ["body"],
        message: CONVERSATION_MESSAGES.bodyRequired,
      });
    }
  });
export type MessageInput = Pick<z.infer<typeof messageFormSchema>, "body" | "composeKey">;

export const conversationReportSchema = z.object({
  reason: z.enum(CONVERSATION_REPORT_REASONS, { error: CONVERSATION_MESSAGES.reasonRequired }),
  details: textField({ kind: "multi-line" })
    .trim()
    .max(1000, CONVERSATION_MESSAGES.detailsTooLong)
    .optional()
    .transform((value) => value || null),
});
export type ConversationReportInput = z.infer<typeof conversationReportSchema>;

/** The conversation page of a request. */
export const conversationPath = (orderId: number) => `/dashboard/conversations/${orderId}`;

/**
 * The message text cut into plain text and web addresses, for showing addresses as text
 * that becomes a link only when clicked (the reader sees where it goes first).
 */
export function textParts(body: string): { text: string; url: boolean }[] {
  const parts: { text: string; url: boolean }[] = [];
  let last = 0;
  for (const match of body.matchAll(/\bhttps?:\/\/[^\s<>"']+/gi)) {
    const at = match.index;
    // Trailing punctuation ends a sentence, not the address.
    const url = match[0].replace(/[.,;:!?)\]]+$/, "");
    if (at > last) parts.push({ text: body.slice(last, at), url: false });
    parts.push({ text: url, url: true });
    last = at + url.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last), url: false });
  return parts;
}

/** What a message that reads like a known scam asks for (message-warnings.server.ts). */
export const WARNING_KINDS = [
  "deposit",
  "gift-card",
  "transfer",
  "shipping",
  "pay-link",
  "code",
] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

/** The longest warning phrase an admin may add. */
export const WARNING_PHRASE_MAX = 60;

/** The plain warning the recipient reads beside such a message. */
export const WARNING_TEXT: Record<WarningKind, string> = {
  deposit: msg(
    "This message asks for a deposit or a payment before a viewing. Never pay before you have seen the car and its papers.",
  ),
  "gift-card": msg(
    "This message mentions gift cards. No honest seller or buyer asks to be paid in gift cards.",
  ),
  transfer: msg(
    "This message asks for a wire transfer, a money-transfer service or crypto. Money sent that way cannot be got back.",
  ),
  shipping: msg(
    "This message talks about a courier or shipping the car. Scammers use fake delivery services: see the car in person.",
  ),
  "pay-link": msg(
    "This message asks you to pay through a link or another site. Do not pay or sign in through links from strangers.",
  ),
  code: msg(
    "This message asks for a code. Never pass on a code sent to your phone or email: it can open your accounts.",
  ),
};

export type MessagePhotoSize = "small" | "large";

/** Where one photo of a message is read (by the conversation's two people only). */
export const messagePhotoPath = (orderId: number, photoId: number, size: MessagePhotoSize) =>
  `${conversationPath(orderId)}/photos/${photoId}${size === "large" ? "?size=large" : ""}`;
