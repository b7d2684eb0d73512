// Outgoing email. With SMTP_URL, through that server; otherwise every message is
// written to DATA_DIR/outbox as an .eml file and its path is logged, so flows
// such as password reset work offline and in tests. A mail with a `key` (held mail
// sent again after a crash) keeps one Message-ID and one outbox file per key.
import fs from "node:fs/promises";
import path from "node:path";

import nodemailer from "nodemailer";

import type { CalendarFile } from "#app/models/calendar.ts";
import { logger } from "#app/services/logger.server.ts";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (an alert's List-Unsubscribe). */
  headers?: Record<string, string>;
  /** A calendar file (a viewing's .ics), sent as the email's calendar part and attachment. */
  calendar?: CalendarFile;
  /** Stable across retries of the same email: its Message-ID and outbox file name. */
  key?: string;
  /**
   * Who sends it, for an email sent inside a transaction: the mailer would otherwise
   * read the site settings, and on PGlite the transaction holds the one connection.
   */
  sender?: Sender;
};

/** A time as outbox file names begin with it, so they sort as the times do. */
export const outboxStamp = (date: Date) => date.toISOString().replace(/[:.]/g, "-");

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Where messages go when there is no SMTP server (null with SMTP). */
  outbox: string | null;
};

/** Who the site's emails come from: its name, and where replies go (its contact email). */
export type Sender = { name: string; replyTo: string | null };

export function createMailer(options: {
  smtpUrl?: string;
  /** MAIL_FROM: the address, on the operator's domain. */
  from: string;
  dataDir: string;
  /** The site's current name and contact email; without it, MAIL_FROM as it is. */
  sender?: () => Promise<Sender>;
}): Mailer {
  // A keyed mail's Message-ID is the key at the sender's domain.
  const domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? "carlot.local";
  const address = /<([^>]+)>/.exec(options.from)?.[1] ?? options.from.trim();
  const envelope = async ({ key, sender: given, calendar, ...mail }: Mail) => {
    const sender = given ?? (await options.sender?.());
    return {
      from: sender ? { name: sender.name, address } : options.from,
      replyTo: sender?.replyTo ?? undefined,
      messageId: key ? `<${key}@${domain}>` : undefined,
      icalEvent: calendar
        ? { method: calendar.method, filename: "viewing.ics", content: calendar.content }
        : undefined,
      ...mail,
    };
  };
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outbox: null,
      async send(mail) {
        await transport.sendMail(await envelope(mail));
        logger.info({ subject: mail.subject }, "email sent");
      },
    };
  }
  const outbox = path.resolve(options.dataDir, "outbox");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    outbox,
    async send(mail) {
      const info = await transport.sendMail(await envelope(mail));
      await fs.mkdir(outbox, { recursive: true });
      const name =
        mail.key ?? `${outboxStamp(new Date())}-${Math.random().toString(36).slice(2, 8)}`;
      const file = path.join(outbox, `${name}.eml`);
      // Written whole or not at all: a crash mid-write leaves only a .tmp file.
      const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`;
      await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await fs.rename(partial, file);
      logger.info({ file, subject: mail.subject }, "email written to the outbox (no SMTP_URL)");
    },
  };
}
