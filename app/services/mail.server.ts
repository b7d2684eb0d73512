// Outgoing email. With SMTP_URL, through that server; otherwise every message is
// written to DATA_DIR/outbox as an .eml file and its path is logged, so flows
// such as password reset work offline and in tests.
import fs from "node:fs/promises";
import path from "node:path";

import nodemailer from "nodemailer";

import { logger } from "#app/services/logger.server.ts";

export type Mail = { to: string; subject: string; text: string; html?: string };

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
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
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
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outbox, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ file, subject: mail.subject }, "email written to the outbox (no SMTP_URL)");
    },
  };
}
