/*
 * Receives one large file of a multipart/form-data request on disk: the body is streamed to a
 * temporary file (counted on the stream, as readForm counts), then its parts are found by scanning
 * that file for the boundary, a megabyte at a time, and the part named `name` is copied out to a
 * file of its own. The route adds no copy of a 200 MB film in memory to the one the server holds
 * (server/body-limit.js reads every body into one buffer before the application; readForm would
 * add two more: the parsed form and the file's bytes).
 */
import { createReadStream, createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Bytes read and dropped after the limit, before the answer (as readForm does). */
const DRAIN_MAX = 40 * 1024 * 1024;
const CHUNK = 1024 * 1024;
/** The most bytes of a part's headers. */
const HEADERS_MAX = 8 * 1024;

export type ReceivedFile =
  | { ok: true; path: string; size: number }
  | { ok: false; reason: "too_large" | "malformed" | "no_file" };

/** Writes the request's body to `file`, up to `maxBytes`; false when it is larger. */
async function saveBody(request: Request, file: string, maxBytes: number): Promise<boolean> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) {
    await drain(request.body);
    return false;
  }
  let total = 0;
  let tooLarge = false;
  const out = createWriteStream(file);
  await pipeline(
    Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        if (total > maxBytes) tooLarge = true;
        if (tooLarge) return total > DRAIN_MAX ? done(new Error("too large")) : done();
        out.write(chunk, done);
      },
    }),
  ).catch((error: unknown) => {
    if (!tooLarge) throw error;
  });
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return !tooLarge;
}

async function drain(body: ReadableStream<Uint8Array> | null) {
  if (!body) return;
  const reader = body.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
    if (total > DRAIN_MAX) return void (await reader.cancel());
  }
}

/** Where `needle` occurs in the file (read a chunk at a time, chunks overlapping by its length). */
async function findAll(file: string, needle: Buffer): Promise<number[]> {
  const handle = await open(file);
  const found: number[] = [];
  try {
    const buffer = Buffer.alloc(CHUNK + needle.length);
    let position = 0;
    let carried = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, carried, CHUNK, position);
      const filled = carried + bytesRead;
      const start = position - carried;
      let at = buffer.indexOf(needle, 0);
      while (at !== -1 && at + needle.length <= filled) {
        found.push(start + at);
        at = buffer.indexOf(needle, at + 1);
      }
      if (bytesRead === 0) break;
      position += bytesRead;
      carried = Math.min(needle.length - 1, filled);
      buffer.copy(buffer, 0, filled - carried, filled);
      buffer.fill(0, carried);
    }
  } finally {
    await handle.close();
  }
  return found;
}

/**
 * The file part named `name` of the request's multipart body, in `dir`/`name` (which the caller
 * removes with `dir`), if the body is at most `maxBytes`.
 */
export async function receiveFile(
  request: Request,
  name: string,
  dir: string,
  maxBytes: number,
): Promise<ReceivedFile> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
    request.headers.get("content-type") ?? "",
  );
  if (!boundary || !request.body) return { ok: false, reason: "malformed" };
  const body = join(dir, "body");
  try {
    if (!(await saveBody(request, body, maxBytes))) return { ok: false, reason: "too_large" };
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const opening = Buffer.from(`--${boundary[1] ?? boundary[2]}\r\n`);
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  // Each part starts after a delimiter's line and ends where the next delimiter starts.
  const ends = await findAll(body, delimiter);
  const starts = [opening.length, ...ends.map((at) => at + delimiter.length + 2)];
  const handle = await open(body);
  try {
    const first = Buffer.alloc(opening.length);
    await handle.read(first, 0, opening.length, 0);
    if (!first.equals(opening) || ends.length === 0) return { ok: false, reason: "malformed" };
    for (let i = 0; i < ends.length; i++) {
      const start = starts[i]!;
      const head = Buffer.alloc(HEADERS_MAX);
      const { bytesRead } = await handle.read(head, 0, HEADERS_MAX, start);
      const end = head.subarray(0, bytesRead).indexOf("\r\n\r\n");
      if (end === -1) return { ok: false, reason: "malformed" };
      const headers = head.subarray(0, end).toString("utf8");
      const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? "";
      if (!new RegExp(`;\\s*name="${name}"`).test(disposition) || !/filename=/.test(disposition))
        continue;
      const from = start + end + 4;
      const to = ends[i]!;
      if (to <= from) return { ok: false, reason: "no_file" };
      const path = join(dir, name);
      await pipeline(createReadStream(body, { start: from, end: to - 1 }), createWriteStream(path));
      return { ok: true, path, size: to - from };
    }
  } finally {
    await handle.close();
  }
  return { ok: false, reason: "no_file" };
}
