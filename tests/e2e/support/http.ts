import { execFile } from "node:child_process";
import { request, type IncomingHttpHeaders } from "node:http";
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

/** How many stored leads carry this phone number, read with the operator's export command. */
export async function storedLeads(server: RunningServer, phone: string): Promise<number> {
  const { stdout } = await run("npm", ["run", "-s", "leads", "--", "export"], {
    env: server.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.split("\n").filter((line) => line.includes(phone)).length;
}

let phoneSeq = 1000;
/** A phone number no other request of this run used. */
export const uniquePhone = () =>
  `010-8${String(process.pid % 1000).padStart(3, "0")}-${String(phoneSeq++)}`;
