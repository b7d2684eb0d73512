// Background jobs (emails about unread messages, held emails) give way to pages between
// their steps. On the embedded database every statement takes turns on one connection: a
// job that starts its next transaction the moment the last one ends keeps pages waiting
// for the whole run (a minute's 400 unread-message emails put 170 ms into page answers).
// A few milliseconds between steps let the requests that arrived meanwhile run first.

/** How long a job waits between two of its steps. */
export const JOB_PAUSE_MS = 5;

/** Resolves after JOB_PAUSE_MS; the timer does not keep the process alive. */
export function giveWayToPages(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, JOB_PAUSE_MS).unref());
}
