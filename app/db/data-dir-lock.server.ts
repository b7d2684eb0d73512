// The embedded data directory belongs to one process: a lock file holding its pid. A
// lock left by a process that no longer runs is taken over.
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another Carlot process (pid ${pid}). ` +
        "Stop that process first, or start this one with a different DATA_DIR. " +
        "Two processes writing one embedded database would lose data. " +
        `(If no Carlot process is running, delete ${path.join(dir, "carlot.lock")}.)`,
    );
    this.name = "DataDirLockedError";
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on the embedded data directory. A lock left by a
 * process that no longer runs is taken over; a live owner makes this throw.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "carlot.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      if (attempt > 0) {
        // We took over a stale lock; another process may have done the same at the
        // same moment. Whoever's pid is in the file after a pause keeps it.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
        if (holder !== process.pid) throw new DataDirLockedError(path.resolve(dir), holder);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.rmSync(lockPath);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processIsAlive(owner)) {
        throw new DataDirLockedError(path.resolve(dir), owner);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${path.resolve(dir)}.`);
}
