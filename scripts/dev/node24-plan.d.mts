// Types of node24-plan.mjs (plain JavaScript so that it runs on Node 18), for the unit test.
export interface NodePackage {
  name: string;
  integrity: string;
  version: string;
}
export interface Machine {
  version: string;
  platform: string;
  arch: string;
  glibc: string | undefined;
}
export type Plan =
  | { kind: "current" }
  | { kind: "fetch"; package: NodePackage }
  | { kind: "unsupported"; message: string };

export const MINIMUM: { major: number; minor: number };
export const NODE24: {
  version: string;
  packages: Record<string, { name: string; integrity: string }>;
};
export const NODE_DIR: string;
export function isRecentEnough(version: string): boolean;
export function nodePackage(machine: Omit<Machine, "version">): NodePackage | { where: string };
export function unsupportedMessage(version: string, where: string): string;
export function plan(machine: Machine): Plan;
export function usingLine(version: string, options: { fetching: boolean }): string;
export function preparedLine(version: string, options: { fetching: boolean }): string;
export function shellCommand(
  argv: string[],
  platform: string,
): { file: string; args: string[]; shell: boolean };
