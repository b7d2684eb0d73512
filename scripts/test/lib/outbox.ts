// Reads the emails Carlot wrote to an outbox folder (DATA_DIR/outbox, no SMTP_URL):
// used by the crash test and the integration tests to check what was sent.
import fs from "node:fs/promises";
import path from "node:path";

export type OutboxMail = {
  /** The file's name without .eml: a held email's is "<time>-held-<row id>". */
  key: string;
  to: string;
  from: string;
  replyTo: string;
  subject: string;
  body: string;
};

/**
 * The whole messages in `dir`, oldest first (file names start with the time), with
 * quoted-printable undone. `.tmp` files are writes cut short, not mail.
 */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".eml"))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const raw = await fs.readFile(path.join(dir, name), "utf8");
      const [head = "", ...rest] = raw.split("\n\n");
      const header = (field: string) =>
        new RegExp(`^${field}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? "";
      // Quoted-printable: soft line breaks and =XX bytes.
      const body = Buffer.from(
        rest
          .join("\n\n")
          .replace(/=\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
      return {
        key: name.slice(0, -".eml".length),
        to: header("To"),
        from: header("From"),
        replyTo: header("Reply-To"),
        subject: header("Subject"),
        body,
      };
    }),
  );
}
