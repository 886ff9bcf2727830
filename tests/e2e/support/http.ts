import { execFile } from "node:child_process";
import { request, type Agent, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { promisify } from "node:util";
import type { RunningServer } from "./server";

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * One HTTP request exactly as written: the path is sent as is (fetch would turn `\` into `/`), any
 * method, an optional source address (127.0.0.2 … are loopback too) to play a proxy at that address.
 * A body given as a number of bytes is sent chunked, 64 KB at a time. The answer is read even when
 * the server answers before the body is sent and then closes the connection.
 */
export function rawRequest(
  server: RunningServer,
  options: {
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    chunkedBytes?: { prefix: string; size: number };
    localAddress?: string;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        method: options.method ?? "GET",
        path: options.path,
        localAddress: options.localAddress,
        headers: {
          Host: `localhost:${server.port}`,
          ...(options.body !== undefined
            ? { "Content-Length": String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", (e) => {
      if (!answered) reject(e);
    });
    if (options.chunkedBytes) {
      const { prefix, size } = options.chunkedBytes;
      req.write(prefix);
      const chunk = "x".repeat(64 * 1024);
      let sent = prefix.length;
      const more = () => {
        while (sent < size && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", more);
        }
        req.end();
      };
      more();
    } else {
      req.end(options.body);
    }
  });
}

/** A lead form as a browser sends it without JavaScript. */
export function leadForm(values: Record<string, string>): string {
  return new URLSearchParams({
    kind: "visit",
    source: "/register",
    privacyConsent: "on",
    name: "테스트",
    ...values,
  }).toString();
}

export const FORM_HEADERS = { "Content-Type": "application/x-www-form-urlencoded" };

const run = promisify(execFile);

/** The CSV lines of the stored leads that carry this phone number (the operator's export command). */
export async function exportedLeads(server: RunningServer, phone: string): Promise<string[]> {
  const { stdout } = await run("npm", ["run", "-s", "leads", "--", "export"], {
    env: server.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.split("\n").filter((line) => line.includes(phone));
}

/** How many stored leads carry this phone number, read with the operator's export command. */
export async function storedLeads(server: RunningServer, phone: string): Promise<number> {
  return (await exportedLeads(server, phone)).length;
}

let phoneSeq = 1000;
/** A phone number no other request of this run used. */
export const uniquePhone = () =>
  `010-8${String(process.pid % 1000).padStart(3, "0")}-${String(phoneSeq++)}`;

export type WireAnswer = {
  status: number;
  allow?: string;
  complete: boolean;
  body: string;
  error?: string;
};

/** The body of an answer sent in chunks (`Transfer-Encoding: chunked`), or null if it is cut. */
function dechunk(raw: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf("\r\n", at);
    if (eol === -1) return null;
    const size = parseInt(raw.subarray(at, eol).toString("latin1"), 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) return Buffer.concat(parts);
    if (eol + 2 + size > raw.length) return null;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/**
 * One request on its own connection as a scanner or proxy writes it: the head first (with
 * `Connection: close`), then the body in `piece`-byte writes a few milliseconds apart, then the
 * answer read until the server closes. `error` is what the connection ended with (ECONNRESET, …),
 * even after a whole answer; `complete` whether the whole answer (its Content-Length, or its last
 * chunk) arrived; `body` its text.
 */
export function wireRequest(
  server: RunningServer,
  {
    method,
    path,
    body,
    piece = 4096,
    headers = {},
  }: {
    method: string;
    path: string;
    body: string;
    piece?: number;
    headers?: Record<string, string>;
  },
): Promise<WireAnswer> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on("data", (d) => chunks.push(d));
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on("close", () => {
      const raw = Buffer.concat(chunks);
      const end = raw.indexOf("\r\n\r\n");
      const head = (end === -1 ? raw : raw.subarray(0, end)).toString("latin1");
      const rest = end === -1 ? Buffer.alloc(0) : raw.subarray(end + 4);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? NaN);
      const chunked = /\r\ntransfer-encoding: chunked/i.test(head) ? dechunk(rest) : null;
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        allow: /\r\nallow: ([^\r]*)/i.exec(head)?.[1],
        complete: end !== -1 && (rest.length === length || chunked !== null),
        body: (chunked ?? rest).toString("utf8"),
        error,
      });
    });
    const bytes = Buffer.from(body);
    const extra = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: localhost:${server.port}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${bytes.length}\r\n` +
        `${extra}Connection: close\r\n\r\n`,
    );
    let sent = 0;
    const more = () => {
      if (socket.destroyed) return;
      if (sent >= bytes.length) return;
      socket.write(bytes.subarray(sent, sent + piece));
      sent += piece;
      setTimeout(more, 2);
    };
    setTimeout(more, 2);
  });
}

export type PieceAnswer = { status: number; allow?: string; body: string; error?: string };

/**
 * One request through node:http with its body written in `piece`-byte writes a millisecond apart
 * (a client still sending while the server answers): on `agent`'s keep-alive connections, which
 * it reuses, or on a connection of its own that asks to be closed after the answer. `error` is
 * what the request ended with instead of an answer (ECONNRESET, EPIPE, …).
 */
export function pieceRequest(
  server: RunningServer,
  {
    method,
    path,
    body,
    headers = {},
    piece = 4096,
    agent,
  }: {
    method: string;
    path: string;
    body: string;
    headers?: Record<string, string>;
    piece?: number;
    agent?: Agent;
  },
): Promise<PieceAnswer> {
  return new Promise((resolve) => {
    const bytes = Buffer.from(body);
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        method,
        path,
        agent: agent ?? false,
        headers: {
          Host: `localhost:${server.port}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(bytes.length),
          ...(agent ? {} : { Connection: "close" }),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        const answer = (error?: string) =>
          resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body: text, error });
        res.on("end", () => answer());
        res.on("error", (e: NodeJS.ErrnoException) => answer(e.code ?? e.message));
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) =>
      resolve({ status: 0, body: "", error: e.code ?? e.message }),
    );
    let sent = 0;
    const more = () => {
      if (req.destroyed) return;
      if (sent >= bytes.length) return void req.end();
      req.write(bytes.subarray(sent, sent + piece));
      sent += piece;
      setTimeout(more, 1);
    };
    more();
  });
}

/** Runs `tasks` with at most `limit` of them at once; their results in the order given. */
export async function inParallel<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/**
 * HTML as a reader or crawler takes its text: the spans that keep runs on one line
 * (app/lib/keep-together.ts) dropped, the entities React writes decoded.
 */
export function readableHtml(html: string): string {
  return html
    .replace(/<span class="nowrap">([^<]*)<\/span>/g, "$1")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
}
