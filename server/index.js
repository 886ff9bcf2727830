import "./production-env.js";
import { createServer } from "node:http";
import { createApp } from "./app.js";
import { ConfigError, parseTrustProxy } from "./trust-proxy.js";

const port = Number(process.env.PORT || 3000);
const siteUrl = (process.env.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, "");
process.env.SITE_URL = siteUrl;

let trustProxy;
try {
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`환경 변수가 올바르지 않습니다: ${error.message}`);
  process.exit(1);
}

const { handler, build } = await createApp({
  siteUrl,
  trustProxy,
  buildDir: process.env.BUILD_DIR || "build",
});
// Start-up work of the services layer (migrations, administrator from env, outbox worker).
const services = await build.entry.module.startServices?.();

// Prerendered pages are answered before Express; everything else goes through the Express app.
const server = createServer(handler);
server.listen(port, () => {
  console.log(`listening on http://localhost:${port}`);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  // Finish requests in flight (at most 10 s), then stop the workers and close the database.
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections?.();
    setTimeout(resolve, 10_000).unref();
  });
  await services?.stop?.();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
