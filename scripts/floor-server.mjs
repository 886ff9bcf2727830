/**
 * The floor server of scripts/bench-floor.mjs, a process of its own as the production server is.
 * It answers each complex's floor pages (from the JSON file the bench wrote) through the production
 * server's own fast path, server/fast-pages.js: the same brotli and gzip, ETag and Cache-Control,
 * the complex picked by the host name `<id>.localhost`. Every other request (pictures, favicon)
 * is passed to the production server and its answer passed back as it came, bytes and headers, so
 * a floor page loads the same pictures from its own origin as the page does from its own.
 *
 *   node scripts/floor-server.mjs <floors.json> <port>
 *
 * floors.json: `{ target: <production server's port>, sites: { <id>: { <path>: { html, type, etag } } } }`.
 * Prints "ready" once it listens, then "pages compressed: …" (fast-pages.js) when every page is.
 */
import { readFileSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import { createFastPages } from "../server/fast-pages.js";

const [file, port] = process.argv.slice(2);
const { target, sites } = JSON.parse(readFileSync(file, "utf8"));

// A floor page is a static file: no Content-Security-Policy (its styles are inline).
const headers = { "Cache-Control": "public, max-age=0, must-revalidate" };
const floors = new Map(
  Object.entries(sites).map(([id, pages]) => [
    id,
    createFastPages(new Map(Object.entries(pages)), { headers }),
  ]),
);

/** Headers of one connection, not of the answer. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade"]);
const agent = new Agent({ keepAlive: true });

createServer((req, res) => {
  const hostname = (req.headers.host ?? "").replace(/:\d+$/, "");
  const id = hostname.endsWith(".localhost") ? hostname.slice(0, -".localhost".length) : "";
  if (floors.get(id)?.(req, res)) return;
  const upstream = request(
    {
      host: "127.0.0.1",
      port: target,
      method: req.method,
      path: req.url,
      agent,
      headers: { ...req.headers, host: `${hostname}:${target}` },
    },
    (answer) => {
      res.writeHead(
        answer.statusCode ?? 502,
        Object.fromEntries(Object.entries(answer.headers).filter(([k]) => !HOP_BY_HOP.has(k))),
      );
      answer.pipe(res);
    },
  );
  upstream.on("error", (error) => {
    if (!res.headersSent) res.writeHead(502);
    res.end(String(error));
  });
  req.pipe(upstream);
}).listen(Number(port), () => console.log("ready"));
