// @ts-check
import "./production-env.js";
import { createServer } from "node:http";
import { setInterval } from "node:timers";
import { createApp } from "./app.js";
import { BuildError } from "./build.js";
import { keepOutputFromFailing } from "./log-streams.js";
import { ConfigError, parseTrustProxy } from "./trust-proxy.js";

keepOutputFromFailing();

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

/** @type {Awaited<ReturnType<typeof createApp<{ stop(): Promise<void> }>>>} */
let started;
try {
  // The services' start-up (migrations, the content store into the registry, administrator from
  // env, outbox worker) runs before the complexes' pages are read.
  started = await createApp({
    siteUrl,
    trustProxy,
    buildDir: process.env.BUILD_DIR || "build",
    start: (entry) => entry.startServices(),
  });
} catch (error) {
  if (!(error instanceof BuildError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const {
  handler,
  entry,
  rerender,
  started: services,
  storeEveryComplex,
  startRenderer,
  flushStores,
} = started;

// The content store and live operations (운영 정보): the values administrators set are applied and
// the pages of their complexes rendered again before the first visitor, then whenever a complex is
// published (or its scheduled version's time comes), created, taken down or deleted, or its live
// values move (here or on another instance sharing the database), or its notice begins or ends.
const sync = entry.followStore(rerender, Number(process.env.LIVE_POLL_MS || 1000));
// Before the first visitor: the pages compressed as at start-up, not in haste.
await sync.first();
// Then once a second, and at once when this instance stored a change (an administrator's 운영
// 정보, 게시, …): the administrator waits for the render alone (issue 43).
sync.start();

// Prerendered pages are answered before Express; everything else goes through the Express app.
// An idle keep-alive connection is closed after KEEP_ALIVE_MS, not Node's 5 s: when the process is
// held up (a page render, a busy machine) past that mark, Node closes the connection in the timers
// phase before it reads the request that arrived meanwhile, and the client gets a reset instead of
// its answer (a refused DELETE, a refused registration: issue 28). A minute also outlives a reverse
// proxy's own idle timeout (nginx's upstream keepalive_timeout, 60 s), so the proxy, not us, closes first
// (tests/e2e/faults.test.ts holds the server up with SIGSTOP).
const KEEP_ALIVE_MS = 65_000;
const server = createServer(
  { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1000 },
  handler,
);
server.listen(port, () => {
  console.log(`listening on http://localhost:${port}`);
  // The render process, loaded before the first change needs it (server/app.js).
  startRenderer();
  // Every complex's pages stored for this build, in the background: a cold complex's first
  // visitor then loads them from the store (server/page-cache.js).
  storeEveryComplex().catch((error) =>
    console.error("[pages] 단지 페이지를 미리 저장하지 못했습니다:", error),
  );
  // The last resort, once listening (a failed start-up, a port in use, still ends the process): a
  // promise no one awaits that rejects, or a throw outside any request's chain, is logged and the
  // other visitors are still answered; Node's default ends the process and the whole site with it
  // (a zip import did: issue 38). A throw in a request's chain never gets here: Express answers it
  // 500 with the Korean page (server/app.js). A request that lost its answer this way waits until
  // its client or the proxy gives up.
  process.on("unhandledRejection", (reason) => {
    console.error(
      "[unhandledRejection] 처리되지 않은 오류입니다 (서버는 계속 응답합니다):",
      reason,
    );
  });
  process.on("uncaughtException", (error, origin) => {
    console.error(`[${origin}] 처리되지 않은 오류입니다 (서버는 계속 응답합니다):`, error);
  });
});

let stopping = false;
/** @param {NodeJS.Signals} signal */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  // Finish requests in flight (at most 10 s), then stop the workers and close the database. A
  // connection is closed as soon as its request is answered, not after the long idle time above.
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 50).unref();
    setTimeout(resolve, 10_000).unref();
  });
  // No more syncs; pages shown but not yet stored are stored before the database closes.
  await sync.stop();
  await flushStores();
  await services.stop();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
