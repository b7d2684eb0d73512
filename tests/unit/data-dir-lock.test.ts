import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, test } from "vitest";

import { DataDirLockedError, lockDataDir } from "#app/db/data-dir-lock.server.ts";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  test("a directory held by a live process is refused with a clear message", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "carlot.lock"), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another Carlot process/);
    } finally {
      other.kill();
    }
  });

  test("a lock left by a process that has ended is taken over", async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.once("exit", resolve));
    fs.writeFileSync(path.join(dir, "carlot.lock"), String(gone.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "carlot.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "carlot.lock"))).toBe(false);
  });

  test("releasing lets the next process in", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    release();
    const again = lockDataDir(dir);
    again();
  });
});
