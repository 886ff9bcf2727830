/*
 * The media store: where uploaded pictures (and anything else kept by key, never changed under it)
 * live. Two stores behind one interface, as Payload's storage adapters are:
 *
 *   - a folder (MEDIA_DIR, by default <DATA_DIR>/media): one machine;
 *   - an S3-compatible object store, when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and
 *     S3_SECRET_ACCESS_KEY are set (S3_REGION, default us-east-1): every instance reads and
 *     writes the same bucket, so every instance serves the same pictures.
 *
 * Keys are paths such as `media/3f2a…-4000x3000.jpg`. Nothing is ever deleted (issue 29: a picture
 * a kept version uses must stay; we keep them all), and a key's bytes never change.
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { env } from "~/env.server";

type StoredObject = { bytes: Buffer; contentType: string };

/**
 * A stored file read in parts (a film: the browser asks for ranges, and 200 MB is never held in
 * memory): its size and type, and a stream of bytes `start` to `end` (inclusive).
 */
type OpenedObject = {
  size: number;
  contentType: string;
  read(start: number, end: number): Promise<ReadableStream<Uint8Array>>;
};

export interface MediaStore {
  /** Stores `bytes` under `key`, with the type it is served with. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes and type under `key`, or null when there are none. */
  get(key: string): Promise<StoredObject | null>;
  has(key: string): Promise<boolean>;
  /** Stores the file at `path` (on this machine) under `key`, streamed, never read whole. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The file under `key`, to read in parts, or null when there is none. */
  open(key: string): Promise<OpenedObject | null>;
}

/** Lower-case path segments of letters, digits, `-`, `_` and `.`; never `.` or `..` alone. */
const KEY = /^(?!.*(^|\/)\.{1,2}(\/|$))[a-z0-9._-]+(\/[a-z0-9._-]+)*$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`미디어 키 형식이 아닙니다: ${JSON.stringify(key)}`);
  return key;
}

/** The type a file of the folder store has by its extension (a sidecar `.type` file says otherwise). */
const TYPE_BY_EXTENSION: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  json: "application/json",
  mp4: "video/mp4",
  vtt: "text/vtt; charset=utf-8",
  pdf: "application/pdf",
  html: "text/html; charset=utf-8",
};
const TYPE_FILE = ".type";

function typeOf(key: string): string {
  return TYPE_BY_EXTENSION[/\.([a-z0-9]+)$/.exec(key)?.[1] ?? ""] ?? "application/octet-stream";
}

/** Writes a file whole or not at all: a reader never sees half of it. */
async function writeWhole(file: string, bytes: Uint8Array | string) {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

/** A store in a folder: `<dir>/<key>`. */
export function folderStore(dir: string): MediaStore {
  const root = resolve(dir);
  const fileOf = (key: string) => join(root, checkKey(key));
  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await writeWhole(file, bytes);
      if (contentType !== typeOf(key)) await writeWhole(file + TYPE_FILE, contentType);
    },
    async get(key) {
      const file = fileOf(key);
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      const own = await readFile(file + TYPE_FILE, "utf8").catch(() => null);
      return { bytes, contentType: own ?? typeOf(key) };
    },
    async has(key) {
      return stat(fileOf(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async putFile(key, path, contentType) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await copyFile(path, temporary);
      await rename(temporary, file);
      if (contentType !== typeOf(key)) await writeWhole(file + TYPE_FILE, contentType);
    },
    async open(key) {
      const file = fileOf(key);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) return null;
      const own = await readFile(file + TYPE_FILE, "utf8").catch(() => null);
      return {
        size: found.size,
        contentType: own ?? typeOf(key),
        read: async (start, end) =>
          Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>,
      };
    },
  };
}

export type S3Settings = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

/** An error of the object store meaning "no such key" (GetObject's NoSuchKey, HeadObject's 404). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

/**
 * A store in an S3-compatible bucket, through the official SDK (loaded on first use, so that a
 * deployment on a folder never loads it). Path-style addresses (`<endpoint>/<bucket>/<key>`) and
 * checksums only where an operation requires one: MinIO, Ceph, R2 and the like refuse or fail on
 * the SDK's default CRC32 headers (decisions/032).
 */
export function s3Store(settings: S3Settings): MediaStore {
  let client: Promise<{ s3: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;
  const connect = () =>
    (client ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: true,
        credentials: {
          accessKeyId: settings.accessKeyId,
          secretAccessKey: settings.secretAccessKey,
        },
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  const Bucket = settings.bucket;
  return {
    async put(key, bytes, contentType) {
      const { s3, sdk } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      const { s3, sdk } = await connect();
      try {
        const answer = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!answer.Body) return null;
        return {
          bytes: Buffer.from(await answer.Body.transformToByteArray()),
          contentType: answer.ContentType ?? typeOf(key),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      const { s3, sdk } = await connect();
      try {
        await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async putFile(key, path, contentType) {
      const { s3, sdk } = await connect();
      const { size } = await stat(path);
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async open(key) {
      const { s3, sdk } = await connect();
      let head;
      try {
        head = await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: checkKey(key) }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? typeOf(key),
        async read(start, end) {
          const answer = await s3.send(
            new sdk.GetObjectCommand({ Bucket, Key: key, Range: `bytes=${start}-${end}` }),
          );
          if (!answer.Body) throw new Error(`미디어 파일을 읽지 못했습니다: ${key}`);
          return answer.Body.transformToWebStream() as ReadableStream<Uint8Array>;
        },
      };
    },
  };
}

/** The S3 settings of the environment, or null when the store is a folder. */
function s3SettingsFromEnv(): S3Settings | null {
  const e = env();
  if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    region: e.S3_REGION,
  };
}

/**
 * `store` with the files last read kept in memory, up to `maxBytes` (the least recently read go
 * first): a key's bytes never change, so a copy is never stale, and a page's pictures are then
 * answered without a trip to the bucket. Files larger than an eighth of it are not kept.
 */
export function withMemoryCache(store: MediaStore, maxBytes: number): MediaStore {
  const kept = new Map<string, StoredObject>();
  let size = 0;
  return {
    put: (key, bytes, contentType) => store.put(key, bytes, contentType),
    putFile: (key, path, contentType) => store.putFile(key, path, contentType),
    // Read in parts (films): never kept, each range comes from the store.
    open: (key) => store.open(key),
    has: (key) => (kept.has(key) ? Promise.resolve(true) : store.has(key)),
    async get(key) {
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      const file = await store.get(key);
      if (!file || file.bytes.length > maxBytes / 8 || kept.has(key)) return file;
      kept.set(key, file);
      size += file.bytes.length;
      for (const [oldest, old] of kept) {
        if (size <= maxBytes) break;
        kept.delete(oldest);
        size -= old.bytes.length;
      }
      return file;
    },
  };
}

/** Memory kept for the files last served (withMemoryCache). */
const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;

let current: MediaStore | undefined;

/** The deployment's store: the bucket when S3_* are set, else the folder. */
export function mediaStore(): MediaStore {
  if (current) return current;
  const s3 = s3SettingsFromEnv();
  const e = env();
  current = withMemoryCache(
    s3 ? s3Store(s3) : folderStore(e.MEDIA_DIR ?? join(e.DATA_DIR, "media")),
    MEMORY_CACHE_BYTES,
  );
  return current;
}

/** For tests: use `store` (or, with undefined, the environment's again). */
export function setMediaStore(store: MediaStore | undefined) {
  current = store;
}
