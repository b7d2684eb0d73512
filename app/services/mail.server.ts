// Outgoing email. With SMTP_URL, through that server; otherwise every message is
// written to DATA_DIR/outbox as an .eml file and its path is logged, so flows
// such as password reset work offline and in tests. A mail with a `key` (held mail
// sent again after a crash) keeps one Message-ID and one outbox file per key.
import fs from "node:fs/promises";
import path from "node:path";

import nodemailer from "nodemailer";

import { logger } from "#app/services/logger.server.ts";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stable across retries of the same email: its Message-ID and outbox file name. */
  key?: string;
};

const messageId = (key: string | undefined, from: string) =>
  key ? `<${key}@${/@([^>\s]+)/.exec(from)?.[1] ?? "carlot.local"}>` : undefined;

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Where messages go when there is no SMTP server (null with SMTP). */
  outbox: string | null;
};

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outbox: null,
      async send({ key, ...mail }) {
        await transport.sendMail({
          from: options.from,
          messageId: messageId(key, options.from),
          ...mail,
        });
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
    async send({ key, ...mail }) {
      const info = await transport.sendMail({
        from: options.from,
        messageId: messageId(key, options.from),
        ...mail,
      });
      await fs.mkdir(outbox, { recursive: true });
      const name =
        key ??
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}`;
      const file = path.join(outbox, `${name}.eml`);
      // Written whole or not at all: a crash mid-write leaves only a .tmp file.
      const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`;
      await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await fs.rename(partial, file);
      logger.info({ file, subject: mail.subject }, "email written to the outbox (no SMTP_URL)");
    },
  };
}
