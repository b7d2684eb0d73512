// Background jobs (emails about unread messages, held emails) give way to pages between
// their steps. On the embedded database every statement takes turns on one connection,
// and the job's own work runs on the thread that renders pages: a job that starts its next
// step the moment the last one ends keeps pages waiting for the whole run (a minute's 400
// unread-message emails put 170 ms into page answers). After each step a job waits at
// least as long as the step took, so it never has more than half of the server while
// pages are waiting, and a busy server (slower steps) slows it down further.

/** The shortest wait between two steps of a job. */
const JOB_PAUSE_MS = 5;

/** The longest: a step slowed by a stalled database does not stop the job for long. */
const LONGEST_PAUSE_MS = 1_000;

/**
 * A job's pacing: call the function it returns between two steps. Its promise resolves
 * after as long as the step since the last call (or since `pace()`) took, at least
 * JOB_PAUSE_MS; the timer does not keep the process alive.
 */
export function pace(): () => Promise<void> {
  let stepStarted = performance.now();
  return async () => {
    const took = performance.now() - stepStarted;
    const wait = Math.min(LONGEST_PAUSE_MS, Math.max(JOB_PAUSE_MS, took));
    await new Promise((resolve) => setTimeout(resolve, wait).unref());
    stepStarted = performance.now();
  };
}
