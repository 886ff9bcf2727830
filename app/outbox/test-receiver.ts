/* A real local HTTP receiver for delivery tests (SMS gateway, webhook), on 127.0.0.1 and a free port. */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

/** An answer of its own to a request (a stand-in for a provider's API), instead of the status set. */
export type Respond = (request: Received) => { status: number; body: unknown };

export async function startReceiver(initialStatus = 200, respond?: Respond) {
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
        const received: Received = {
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        };
        requests.push(received);
        if (hang) return;
        const answer = respond?.(received) ?? { status, body: { ok: status < 300 } };
        res.writeHead(answer.status, { "Content-Type": "application/json", Connection: "close" });
        res.end(JSON.stringify(answer.body));
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
