/* A real local HTTP receiver for delivery tests (SMS gateway, webhook), on 127.0.0.1 and a free port. */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

export async function startReceiver(initialStatus = 200) {
  const requests: Received[] = [];
  let status = initialStatus;
  let hang = false;
  let server: Server | undefined;
  let port = 0;

  async function listen() {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        requests.push({
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        });
        if (hang) return;
        res.writeHead(status, { "Content-Type": "application/json", Connection: "close" });
        res.end(status < 300 ? '{"ok":true}' : '{"ok":false}');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(port, "127.0.0.1", () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  }
  async function close() {
    const s = server;
    server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await listen();
  return {
    url: (path = "/") => `http://127.0.0.1:${port}${path}`,
    requests,
    /** The HTTP status of the next answers. */
    answer(s: number) {
      status = s;
    },
    /** Accept requests but never answer them. */
    hang() {
      hang = true;
    },
    /** Stop listening: connections are refused. */
    down: close,
    /** Listen again on the same port. */
    up: listen,
    close,
  };
}
