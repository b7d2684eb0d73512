// Refuses to go on with a Node.js older than the one Carlot needs, saying how to fix it.
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `Carlot needs Node.js 22.22 or newer (24 LTS recommended); this is ${process.version}.\n` +
      "Install Node 24 from https://nodejs.org or with your version manager, then run the command again.",
  );
  process.exit(1);
}
