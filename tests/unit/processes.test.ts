// WEB_CONCURRENCY: when server/index.ts runs several processes (PostgreSQL only), and
// when it leaves a bad or impossible value to the environment check.
import { describe, expect, test } from "vitest";

import { processCount } from "#server/processes.ts";

const postgres = { DATABASE_URL: "postgres://db/carlot" };

describe("processCount", () => {
  test("several processes with PostgreSQL", () => {
    expect(processCount({ ...postgres, WEB_CONCURRENCY: "2" })).toBe(2);
    expect(processCount({ ...postgres, WEB_CONCURRENCY: " 8 " })).toBe(8);
  });

  test("one process: unset, 1, the embedded database, or a value the environment check refuses", () => {
    expect(processCount(postgres)).toBeNull();
    expect(processCount({ ...postgres, WEB_CONCURRENCY: "1" })).toBeNull();
    expect(processCount({ WEB_CONCURRENCY: "4" })).toBeNull();
    for (const bad of ["0", "-2", "2.5", "two", "65", ""]) {
      expect(processCount({ ...postgres, WEB_CONCURRENCY: bad })).toBeNull();
    }
  });
});
