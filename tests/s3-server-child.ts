// Runs s3rver in its own process for tests/s3-server.ts: argv is the folder and the
// port (0 for any); prints {"port":…} once listening. Started with
// --openssl-legacy-provider, which s3rver's paging tokens (DES) need on Node 17+.
// Ends when its parent closes stdin (or dies) or on SIGTERM.
import S3rver from "s3rver";

const [directory, port = "0"] = process.argv.slice(2);
if (!directory) throw new Error("usage: s3-server-child.ts <folder> [port]");

const server = new S3rver({
  address: "127.0.0.1",
  port: Number(port),
  directory,
  silent: true,
  // Path-style requests only (127.0.0.1 has no sub-domains).
  vhostBuckets: false,
});
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.on("SIGTERM", () => process.exit(0));
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
