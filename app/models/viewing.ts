// Viewings at safe places (issue 27, decision 023), shared by client and server: from a
// conversation one side proposes up to three times, each at one of the admins' safe places
// or at another address; the other side accepts one or proposes others. Client-safe.
import { z } from "zod";

import { msg } from "#app/i18n/translator.ts";
import { textField } from "#app/models/text-field.ts";

/** Times one proposal holds. */
export const VIEWING_SLOTS = [1, 2, 3] as const;
export type SlotNumber = (typeof VIEWING_SLOTS)[number];

/** A proposed time is at least this far ahead… */
export const VIEWING_MIN_AHEAD_MS = 60 * 60_000;
/** …and at most this far. */
export const VIEWING_MAX_AHEAD_DAYS = 60;
/** How long a viewing lasts: its calendar event, and when "Did it happen?" is asked. */
export const VIEWING_MINUTES = 60;
/** The reminder goes this long before the time. */
export const VIEWING_REMINDER_MS = 24 * 60 * 60_000;
/** Proposals one person may make in an hour, over all their conversations. */
export const VIEWING_PROPOSALS_PER_HOUR = 10;

export const VIEWING_STATUSES = [
  "proposed",
  "accepted",
  "declined",
  "withdrawn",
  "cancelled",
] as const;
export type ViewingStatus = (typeof VIEWING_STATUSES)[number];

/** What each side says happened, after the time. */
export const VIEWING_OUTCOMES = ["met", "missed"] as const;
export type ViewingOutcome = (typeof VIEWING_OUTCOMES)[number];

export const SAFE_PLACE_LIMITS = { name: 80, address: 200, hours: 120, note: 200 } as const;
/** The longest "another address" in a proposal. */
export const VIEWING_ADDRESS_MAX = 200;

/** The place field's value for "another address". */
export const OTHER_ADDRESS = "address";

export const VIEWING_MESSAGES = {
  timeRequired: msg("Choose a day and a time."),
  timeInvalid: msg("Write the time as a day and an hour, like 2026-12-05 10:30."),
  timeTooSoon: msg("Choose a time at least an hour from now."),
  timeTooLate: msg("Choose a time within the next 60 days."),
  placeRequired: msg("Choose a safe place, or another address."),
  placeMissing: msg("That place is no longer on the list. Choose another."),
  addressRequired: msg("Write the address where you will meet."),
  addressTooLong: msg("Keep the address within 200 characters."),
  addressBesidePlace: msg(
    "You chose a safe place and also wrote an address. Choose “Another address” to meet there, or clear the address.",
  ),
  sameTime: msg("This time is already in the proposal."),
  proposalKey: msg("This form is out of date. Reload the page and propose again."),
  tooMany: msg("You have proposed many times in the last hour. Wait a while, then try again."),
  closed: msg("This conversation is closed: no viewing can be arranged here."),
  alreadyAgreed: msg(
    "A viewing is already agreed. Cancel it first if you want to propose other times.",
  ),
  notYours: msg(
    "This viewing cannot be changed from here any more. The page shows what it is now.",
  ),
  proposed: msg("Times proposed. We will tell you when they answer."),
  accepted: msg("Viewing agreed. You both get an email with a calendar file."),
  withdrawn: msg("Your proposal is withdrawn."),
  cancelled: msg("The viewing is cancelled. We told the other side."),
  outcomeSaved: msg("Thank you. Your answer is saved."),
  nameRequired: msg("Give the place a name."),
  nameTooLong: msg("Keep the name within 80 characters."),
  placeAddressRequired: msg("Write the place's address."),
  hoursRequired: msg("Write when the place is open, like “Every day, 8:00–20:00”."),
  hoursTooLong: msg("Keep the opening hours within 120 characters."),
  noteTooLong: msg("Keep the note within 200 characters."),
  placeAdded: msg("{name} added"),
  placeSaved: msg("{name} saved"),
  placeDeleted: msg("{name} deleted"),
  placeGone: msg("That place is no longer on the list."),
} as const;

export const VIEWING_OUTCOME_LABEL: Record<ViewingOutcome, string> = {
  met: msg("We met"),
  missed: msg("It didn't happen"),
};

const proposalKey = textField({ required: VIEWING_MESSAGES.proposalKey }).regex(
  /^[A-Za-z0-9_-]{8,64}$/,
  VIEWING_MESSAGES.proposalKey,
);

const optional = (max: number, tooLong: string) =>
  textField()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || null);

/** "2026-12-05T10:30" as written by a datetime-local field (seconds allowed, then dropped). */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * The propose form: three rows of time, place and address (at1, place1, address1, …). Empty
 * rows are left out; the first row is needed. Whether a time is far enough ahead and whether
 * a place is still on the list are the server's to say (viewing.server.ts).
 */
const atField = () => optional(40, VIEWING_MESSAGES.timeInvalid);
const placeField = () => optional(20, VIEWING_MESSAGES.placeRequired);
const addressField = () => optional(VIEWING_ADDRESS_MAX, VIEWING_MESSAGES.addressTooLong);

export const proposeViewingSchema = z
  .object({
    proposalKey,
    at1: atField(),
    place1: placeField(),
    address1: addressField(),
    at2: atField(),
    place2: placeField(),
    address2: addressField(),
    at3: atField(),
    place3: placeField(),
    address3: addressField(),
  })
  .superRefine((value, context) => {
    const fields: Record<string, string | null> = value;
    const seen = new Set<string>();
    for (const n of VIEWING_SLOTS) {
      const at = fields[`at${n}`];
      const place = fields[`place${n}`];
      const address = fields[`address${n}`];
      // An untouched row is no time (a place of its own is a choice: it needs a time).
      if (n > 1 && !at && !address && (!place || place === OTHER_ADDRESS)) continue;
      if (!at)
        context.addIssue({
          code: "custom",
          path: [`at${n}`],
          message: VIEWING_MESSAGES.timeRequired,
        });
      else if (!LOCAL_TIME.test(at))
        context.addIssue({
          code: "custom",
          path: [`at${n}`],
          message: VIEWING_MESSAGES.timeInvalid,
        });
      else if (seen.has(at.slice(0, 16).replace(" ", "T")))
        context.addIssue({ code: "custom", path: [`at${n}`], message: VIEWING_MESSAGES.sameTime });
      else seen.add(at.slice(0, 16).replace(" ", "T"));
      if (!place || (place !== OTHER_ADDRESS && !/^\d{1,9}$/.test(place)))
        context.addIssue({
          code: "custom",
          path: [`place${n}`],
          message: VIEWING_MESSAGES.placeRequired,
        });
      else if (place === OTHER_ADDRESS && !address)
        context.addIssue({
          code: "custom",
          path: [`address${n}`],
          message: VIEWING_MESSAGES.addressRequired,
        });
      // An address typed beside a safe place would be dropped without a word: ask which.
      else if (place !== OTHER_ADDRESS && address)
        context.addIssue({
          code: "custom",
          path: [`address${n}`],
          message: VIEWING_MESSAGES.addressBesidePlace,
        });
    }
  });

/** One proposed time as the server takes it. */
export type SlotInput = {
  slot: SlotNumber;
  /** Wall-clock time in the proposer's time zone: "2026-12-05T10:30". */
  at: string;
  placeId: number | null;
  address: string | null;
};

/** The filled rows of a checked propose form. */
export function slotsOf(value: z.infer<typeof proposeViewingSchema>): SlotInput[] {
  const fields: Record<string, string | null> = value;
  return VIEWING_SLOTS.flatMap((n) => {
    const at = fields[`at${n}`];
    const place = fields[`place${n}`];
    if (!at || !place) return [];
    return [
      {
        slot: n,
        at: at.slice(0, 16).replace(" ", "T"),
        placeId: place === OTHER_ADDRESS ? null : Number(place),
        address: place === OTHER_ADDRESS ? fields[`address${n}`]! : null,
      },
    ];
  });
}

/** Accept, cancel or withdraw: one viewing's id. */
export const viewingIdSchema = z.object({
  viewingId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const viewingOutcomeSchema = viewingIdSchema.extend({
  outcome: z.enum(VIEWING_OUTCOMES),
});

/** The admins' safe place form (add and edit). */
export const safePlaceSchema = z.object({
  name: textField({ required: VIEWING_MESSAGES.nameRequired })
    .trim()
    .min(1, VIEWING_MESSAGES.nameRequired)
    .max(SAFE_PLACE_LIMITS.name, VIEWING_MESSAGES.nameTooLong),
  address: textField({ required: VIEWING_MESSAGES.placeAddressRequired })
    .trim()
    .min(1, VIEWING_MESSAGES.placeAddressRequired)
    .max(SAFE_PLACE_LIMITS.address, VIEWING_MESSAGES.addressTooLong),
  hours: textField({ required: VIEWING_MESSAGES.hoursRequired })
    .trim()
    .min(1, VIEWING_MESSAGES.hoursRequired)
    .max(SAFE_PLACE_LIMITS.hours, VIEWING_MESSAGES.hoursTooLong),
  note: optional(SAFE_PLACE_LIMITS.note, VIEWING_MESSAGES.noteTooLong),
});
export type SafePlaceInput = z.infer<typeof safePlaceSchema>;

export const safePlaceIdSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * The UTC instant of a wall-clock time ("2026-12-05T10:30") in `zone`, or null when the text
 * is no such time. A time a clock change skips is read as the hour after (02:30 → 03:30).
 */
export function zonedTime(local: string, zone: string): Date | null {
  const m = LOCAL_TIME.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).getUTCDate() !== day) return null;
  // The zone's offset at the guess, then again at the result (the two differ across a change).
  const first = offsetOf(wall, zone);
  const second = offsetOf(wall - first, zone);
  let at = wall - second;
  // A time the clocks skip has no instant: the smaller offset reads it as the hour after,
  // east of UTC and west of it alike.
  if (at + offsetOf(at, zone) !== wall) at = wall - Math.min(first, second);
  return new Date(at);
}

/** How far `zone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
function offsetOf(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}
