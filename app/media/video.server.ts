/*
 * A film and its captions uploaded from the console (POST /admin/media/video, /admin/media/captions;
 * app/lib/file-upload.ts). Checked by their content, never their name:
 *   - a film must be an MP4: its first box is `ftyp` with an MP4 brand (QuickTime's `qt  `, WebM,
 *     AVI and the rest are refused); its size is read from the file (the `tkhd` box of its video
 *     track), so the page reserves the film's shape before it loads;
 *   - captions must be UTF-8 text starting with `WEBVTT`.
 * Each is kept under the hash of its bytes, `media/<16 hex>.mp4|vtt` (served by
 * app/routes/endpoints/media.file.ts, in ranges), so the same file uploaded twice is stored once. A refused
 * file stores nothing. The film is read from disk in parts, never whole.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { FILE_LIMITS, FILE_MESSAGES } from "~/lib/file-upload";
import { mediaStore, type MediaStore } from "./store.server";

export type FileResult<T> =
  | { ok: true; value: T }
  | { ok: false; field: "file"; message: string; status: 400 | 413 | 415 };

/** Brands of the ISO base media format that browsers play as video/mp4. */
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "M4V ",
]);
/** The most bytes of the `moov` box read (the film's index; a few hundred KB for two hours). */
const MOOV_MAX = 32 * 1024 * 1024;

type Box = { type: string; start: number; size: number; header: number };

/** The box at `offset` of the file, or null past its end or when it is broken. */
async function boxAt(file: FileHandle, offset: number, fileSize: number): Promise<Box | null> {
  if (offset + 8 > fileSize) return null;
  const head = Buffer.alloc(16);
  await file.read(head, 0, 16, offset);
  let size = head.readUInt32BE(0);
  let header = 8;
  if (size === 1) {
    size = Number(head.readBigUInt64BE(8));
    header = 16;
  } else if (size === 0) size = fileSize - offset;
  if (size < header || offset + size > fileSize) return null;
  return { type: head.toString("latin1", 4, 8), start: offset, size, header };
}

/** The boxes inside `data` (a box's content), by type. */
function children(data: Buffer): { type: string; body: Buffer }[] {
  const boxes = [];
  let at = 0;
  while (at + 8 <= data.length) {
    const size = data.readUInt32BE(at);
    if (size < 8 || at + size > data.length) break;
    boxes.push({
      type: data.toString("latin1", at + 4, at + 8),
      body: data.subarray(at + 8, at + size),
    });
    at += size;
  }
  return boxes;
}

const child = (data: Buffer, type: string) => children(data).find((b) => b.type === type)?.body;

/** What a refused file seems to be, for the message. */
function containerName(head: Buffer): string | undefined {
  if (head.toString("latin1", 4, 8) === "ftyp" && head.toString("latin1", 8, 12) === "qt  ")
    return "QuickTime(MOV)";
  if (head.readUInt32BE(0) === 0x1a45dfa3) return "WebM/MKV";
  if (head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 11) === "AVI")
    return "AVI";
  return undefined;
}

/** The width and height of the film's video track (tkhd, 16.16 fixed point), or null. */
function videoSize(moov: Buffer): { width: number; height: number } | null {
  for (const trak of children(moov).filter((b) => b.type === "trak")) {
    const hdlr = child(child(trak.body, "mdia") ?? Buffer.alloc(0), "hdlr");
    if (!hdlr || hdlr.toString("latin1", 8, 12) !== "vide") continue;
    const tkhd = child(trak.body, "tkhd");
    if (!tkhd || tkhd.length < 84) continue;
    const width = Math.round(tkhd.readUInt32BE(tkhd.length - 8) / 65536);
    const height = Math.round(tkhd.readUInt32BE(tkhd.length - 4) / 65536);
    if (width > 0 && height > 0) return { width, height };
  }
  return null;
}

/** The size of the MP4 film at `path`, or why it is refused. */
export async function readMp4(
  path: string,
): Promise<FileResult<{ width: number; height: number }>> {
  const file = await open(path);
  try {
    const { size: fileSize } = await file.stat();
    const head = Buffer.alloc(32);
    await file.read(head, 0, 32, 0);
    const ftyp = await boxAt(file, 0, fileSize);
    const brands: string[] = [];
    if (ftyp?.type === "ftyp" && ftyp.size >= 16) {
      const body = Buffer.alloc(Math.min(ftyp.size - ftyp.header, 256));
      await file.read(body, 0, body.length, ftyp.header);
      brands.push(body.toString("latin1", 0, 4));
      for (let at = 8; at + 4 <= body.length; at += 4)
        brands.push(body.toString("latin1", at, at + 4));
    }
    if (brands[0] === "qt  " || !brands.some((b) => MP4_BRANDS.has(b)))
      return refused(415, FILE_MESSAGES.type("video", containerName(head)));
    let moov: Buffer | null = null;
    for (let box = ftyp; box; box = await boxAt(file, box.start + box.size, fileSize)) {
      if (box.type !== "moov") continue;
      if (box.size > MOOV_MAX) break;
      moov = Buffer.alloc(box.size - box.header);
      await file.read(moov, 0, moov.length, box.start + box.header);
      break;
    }
    const size = moov && videoSize(moov);
    return size ? { ok: true, value: size } : refused(400, FILE_MESSAGES.broken("video"));
  } finally {
    await file.close();
  }
}

const refused = (status: 400 | 413 | 415, message: string) =>
  ({ ok: false, field: "file", message, status }) as const;

async function hashOfFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex").slice(0, 16);
}

/** Keeps the uploaded film at `path` (`size` bytes): its `src`, width and height, or why not. */
export async function processVideo(
  path: string,
  size: number,
  store: MediaStore = mediaStore(),
): Promise<FileResult<{ src: string; width: number; height: number }>> {
  if (size > FILE_LIMITS.video.maxBytes) return refused(413, FILE_MESSAGES.tooLarge("video", size));
  const read = await readMp4(path);
  if (!read.ok) return read;
  const src = `media/${await hashOfFile(path)}.mp4`;
  if (!(await store.has(src))) await store.putFile(src, path, "video/mp4");
  return { ok: true, value: { src, ...read.value } };
}

/** Keeps uploaded captions: their `src`, or why not. */
export async function processCaptions(
  bytes: Buffer,
  store: MediaStore = mediaStore(),
): Promise<FileResult<string>> {
  if (bytes.length > FILE_LIMITS.captions.maxBytes)
    return refused(413, FILE_MESSAGES.tooLarge("captions", bytes.length));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return refused(415, FILE_MESSAGES.type("captions"));
  }
  if (!/^WEBVTT(?:[ \t\r\n]|$)/.test(text)) return refused(415, FILE_MESSAGES.type("captions"));
  const src = `media/${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.vtt`;
  if (!(await store.has(src))) await store.put(src, bytes, "text/vtt; charset=utf-8");
  return { ok: true, value: src };
}
