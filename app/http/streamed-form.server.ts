/*
 * A form read as it streams (issue 43): the request's body goes through busboy, a maintained
 * streaming multipart parser, counted on the way. A file is written to a temporary file as it
 * comes and handed to the route as a File backed by that file (fs.openAsBlob: read only when the
 * route reads it), so a 200 MB film is never held in memory; text fields are held, each up to
 * FIELD_MAX_BYTES and all of them up to FIELDS_MAX_BYTES, a longer one refused in Korean.
 *
 * The temporary files live as long as the request: withRequestFiles (the server runs every
 * request of React Router in one, server/react-router.js; a route may run its own) removes them
 * when its work ends, and a form that cannot be read removes its own at once, whatever stopped it
 * (over its limit, a broken boundary, a client that went away). Outside any such scope (the
 * development server, a unit test calling an action) nobody would remove them, so the files are
 * read into memory, bounded by the form's limit, as every form was before.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createWriteStream, openAsBlob } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

/** The most bytes of one text field (the content form's longest text is far below). */
export const FIELD_MAX_BYTES = 1024 * 1024;
/** The most bytes of all text fields of one form together: what a form may hold in memory. */
const FIELDS_MAX_BYTES = 11 * 1024 * 1024;

export const STREAMED_FORM_MESSAGES = {
  malformed:
    "보낸 내용을 읽지 못했습니다. 아무것도 바뀌지 않았습니다. 페이지를 새로 고쳐 다시 시도해 주세요.",
  too_large: "보낸 내용이 너무 큽니다. 아무것도 바뀌지 않았습니다. 내용을 줄여 다시 시도해 주세요.",
  field_too_large: (most = FIELD_MAX_BYTES) =>
    `한 칸에 입력한 내용이 너무 깁니다 (${most >= 1024 * 1024 ? `${Math.round(most / 1024 / 1024)}MB` : `${Math.round(most / 1024)}KB`}까지). 아무것도 바뀌지 않았습니다. 내용을 줄여 다시 시도해 주세요.`,
};

export type StreamedForm =
  | { ok: true; form: FormData }
  | { ok: false; reason: "too_large" | "malformed"; message: string };

export type StreamedFormLimits = {
  /** The most bytes of the whole body, framing included. */
  maxBytes: number;
  fieldBytes?: number;
  fieldsBytes?: number;
};

/** The temporary folders of the request being answered (withRequestFiles). */
type Scope = { dirs: Set<string>; ended: boolean };
const scope = new AsyncLocalStorage<Scope>();

/**
 * Runs `work` (a request's answer) and then removes every temporary file a form read during it
 * left, however it ended. A form read after the scope ended (an action still running for a client
 * that went away) removes its files at once.
 */
export async function withRequestFiles<T>(work: () => Promise<T>): Promise<T> {
  const own: Scope = { dirs: new Set(), ended: false };
  try {
    return await scope.run(own, work);
  } finally {
    own.ended = true;
    await Promise.all([...own.dirs].map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

/** Where an uploaded file of a form read here is on disk, while its request lasts. */
const paths = new WeakMap<File, string>();

/** The temporary file behind an uploaded File (a film is checked and stored from it), if any. */
export const uploadedPath = (file: File): string | undefined => paths.get(file);

class Refused extends Error {
  constructor(
    readonly reason: "too_large" | "malformed",
    message: string,
  ) {
    super(message);
  }
}

const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/** The request's form, its files on disk, or why it cannot be read. */
export async function readStreamedForm(
  request: Request,
  { maxBytes, fieldBytes = FIELD_MAX_BYTES, fieldsBytes = FIELDS_MAX_BYTES }: StreamedFormLimits,
): Promise<StreamedForm> {
  const body = request.body;
  if (!body) return { ok: true, form: new FormData() };
  const refuse = (reason: "too_large" | "malformed", message: string) => {
    // The rest of the body is not read here: the server reads and drops it before it answers.
    void body.cancel().catch(() => {});
    return { ok: false as const, reason, message };
  };
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes)
    return refuse("too_large", STREAMED_FORM_MESSAGES.too_large);
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPE.test(type)) return refuse("malformed", STREAMED_FORM_MESSAGES.malformed);

  const within = scope.getStore();
  type Part = { name: string; value: string } | { name: string; file: UploadedPart };
  const parts: Part[] = [];
  let folder: Promise<string> | undefined;
  /** Files being written: each settles once its bytes are on disk. */
  const writing: Promise<void>[] = [];
  const removeFolder = async () => {
    await Promise.allSettled(writing);
    if (folder) await rm(await folder, { recursive: true, force: true });
  };
  try {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": type },
        defParamCharset: "utf8",
        limits: { fieldSize: fieldBytes, fieldNameSize: 4096 },
      });
    } catch {
      return refuse("malformed", STREAMED_FORM_MESSAGES.malformed);
    }
    let total = 0;
    let held = 0;
    let count = 0;
    parser.on("field", (name, value, info) => {
      held += Buffer.byteLength(value) + Buffer.byteLength(name);
      if (info.valueTruncated)
        parser.destroy(
          new Refused("too_large", STREAMED_FORM_MESSAGES.field_too_large(fieldBytes)),
        );
      else if (held > fieldsBytes)
        parser.destroy(new Refused("too_large", STREAMED_FORM_MESSAGES.too_large));
      else parts.push({ name, value });
    });
    parser.on("file", (name, stream, info) => {
      const file: UploadedPart = {
        path: "",
        filename: info.filename ?? "",
        type: info.mimeType || "application/octet-stream",
      };
      parts.push({ name, file });
      // The parser stops a file's stream with the client's error, perhaps before the temporary
      // folder exists and the file is piped: heard here, it is reported once, by the parser.
      stream.on("error", () => {});
      const index = count++;
      folder ??= mkdtemp(join(tmpdir(), "bunyang-upload-"));
      const written = folder.then((at) => {
        file.path = join(at, String(index));
        return pipeline(stream, createWriteStream(file.path));
      });
      // Stopped with the parser (its error is the one reported); never an unhandled rejection.
      written.catch(() => stream.resume());
      writing.push(written);
    });
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        if (total > maxBytes) done(new Refused("too_large", STREAMED_FORM_MESSAGES.too_large));
        else done(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), counted, parser);
    await Promise.all(writing);
  } catch (error) {
    await removeFolder();
    void body.cancel().catch(() => {});
    return error instanceof Refused
      ? { ok: false, reason: error.reason, message: error.message }
      : { ok: false, reason: "malformed", message: STREAMED_FORM_MESSAGES.malformed };
  }

  const form = new FormData();
  const kept = within !== undefined && !within.ended;
  try {
    for (const part of parts) {
      if ("value" in part) form.append(part.name, part.value);
      else form.append(part.name, await asFile(part.file, kept));
    }
  } finally {
    if (folder && kept) within.dirs.add(await folder);
    else await removeFolder();
  }
  return { ok: true, form };
}

type UploadedPart = { path: string; filename: string; type: string };

/** An uploaded part as a File: backed by its temporary file when `kept`, else read into memory. */
async function asFile({ path, filename, type }: UploadedPart, kept: boolean): Promise<File> {
  const options = { type };
  if ((await stat(path)).size === 0) return new File([], filename, options);
  if (!kept) return new File([await readFile(path)], filename, options);
  const file = new File([await openAsBlob(path, options)], filename, options);
  paths.set(file, path);
  return file;
}
