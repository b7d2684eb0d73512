// Why an uploaded picture is refused, in words for the person who sent it (decision
// 020): each message is kept in English with its values, and said in a reader's
// language where their translator is at hand.
import { msg, type MessageValues, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/services/words.server.ts";

/** The refusals; a listing photo's name its file's (`{name}`). */
export const IMAGE_REFUSALS = {
  svg: msg("SVG drawings are not accepted. Choose a JPEG, PNG or WebP photo."),
  unreadable: msg("This file is not a photo we can read. Choose a JPEG, PNG or WebP photo."),
  damaged: msg("This photo looks damaged and cannot be read. Choose another one."),
  photoEmpty: msg('"{name}" is empty (0 bytes). Choose another photo.'),
  photoTooLarge: msg('"{name}" is {size}; each photo can be at most {max} MB.'),
  photoUnreadable: msg(
    '"{name}" is not a photo we can read. Choose a JPEG, PNG, WebP, AVIF or HEIC photo.',
  ),
  photoSvg: msg(
    '"{name}" is an SVG drawing, not a photo. Choose a JPEG, PNG, WebP, AVIF or HEIC photo.',
  ),
  photoFormat: msg('"{name}" is a {format} file. Choose a JPEG, PNG, WebP, AVIF or HEIC photo.'),
  photoDamaged: msg('"{name}" looks damaged and cannot be read. Choose another photo.'),
  photoTooManyPixels: msg(
    '"{name}" is {width} × {height} pixels ({megapixels} megapixels); photos can have at most {max} megapixels.',
  ),
  photoTooSmall: msg(
    '"{name}" is only {width} × {height} pixels; photos need at least {min} pixels on each side.',
  ),
  photoTooNarrow: msg(
    '"{name}" is {width} × {height} pixels, too long and narrow for a car photo. Crop it and try again.',
  ),
  photoHeic: msg(
    '"{name}" is a HEIC photo, which this server cannot read. Export it as JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible) and try again.',
  ),
} as const;

/**
 * A picture people upload that we cannot or will not take, with a message for them:
 * `message` is in English; `in(t)` says it in a reader's words.
 */
export class ImageRejectedError extends Error {
  /** The message's English text (its catalogue key), and its values. */
  readonly words: string;
  readonly values: MessageValues | undefined;

  constructor(words: string, values?: MessageValues) {
    super(english(words, values));
    this.name = "ImageRejectedError";
    this.words = words;
    this.values = values;
  }

  /** The message in `t`'s words. */
  in(t: Translate): string {
    return t(this.words, this.values);
  }
}
