import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/env.server";
import {
  folderStore,
  mediaStore,
  s3Store,
  setMediaStore,
  withMemoryCache,
  type MediaStore,
} from "./store.server";
import { startS3 } from "./test-support";

/*
 * The media store, the same checks on both stores: a folder, and an S3-compatible bucket (s3rver,
 * a local S3 server, through the official SDK with the options non-AWS stores need).
 */

const picture = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);

function storeTests(open: () => MediaStore) {
  it("gives back what was put, with its type", async () => {
    const store = open();
    await store.put("media/0123456789abcdef-800x600.jpg", picture, "image/jpeg");
    await store.put("media/0123456789abcdef-480.avif", Buffer.from("avif"), "image/avif");
    expect(await store.get("media/0123456789abcdef-800x600.jpg")).toEqual({
      bytes: picture,
      contentType: "image/jpeg",
    });
    expect(await store.get("media/0123456789abcdef-480.avif")).toEqual({
      bytes: Buffer.from("avif"),
      contentType: "image/avif",
    });
    expect(await store.has("media/0123456789abcdef-800x600.jpg")).toBe(true);
  });

  it("answers null and false for a key it does not hold", async () => {
    const store = open();
    expect(await store.get("media/ffffffffffffffff-10x10.png")).toBeNull();
    expect(await store.has("media/ffffffffffffffff-10x10.png")).toBe(false);
  });

  it("keeps a type its extension does not say", async () => {
    const store = open();
    await store.put("pages/anyang/1.json", Buffer.from("{}"), "application/json");
    await store.put("pages/anyang/1.bin", Buffer.from("x"), "text/plain; charset=utf-8");
    expect((await store.get("pages/anyang/1.json"))?.contentType).toBe("application/json");
    expect((await store.get("pages/anyang/1.bin"))?.contentType).toBe("text/plain; charset=utf-8");
  });

  it("refuses a key that could leave its place", async () => {
    const store = open();
    for (const key of [
      "../etc/passwd",
      "media/../../x.jpg",
      "/abs.jpg",
      "media//x.jpg",
      "Media/X.JPG",
    ])
      await expect(store.put(key, picture, "image/jpeg"), key).rejects.toThrow(/미디어 키/);
  });

  it("stores a file from disk and reads it back in parts (a film's ranges)", async () => {
    const store = open();
    const film = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const source = join(mkdtempSync(join(tmpdir(), "bunyang-film-")), "upload");
    writeFileSync(source, film);
    await store.putFile("media/0123456789abcdef.mp4", source, "video/mp4");
    const opened = await store.open("media/0123456789abcdef.mp4");
    expect(opened).toMatchObject({ size: 5000, contentType: "video/mp4" });
    const part = Buffer.from(await new Response(await opened!.read(100, 1099)).arrayBuffer());
    expect(part).toEqual(film.subarray(100, 1100));
    expect(await store.open("media/ffffffffffffffff.mp4")).toBeNull();
  });
}

describe("a folder store", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "bunyang-media-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  storeTests(() => folderStore(dir));

  it("keeps each key as a file under its folder, with no temporary file left", async () => {
    await folderStore(dir).put("media/aaaaaaaaaaaaaaaa-480.webp", picture, "image/webp");
    expect(readdirSync(join(dir, "media")).filter((f) => f.startsWith("aaaa"))).toEqual([
      "aaaaaaaaaaaaaaaa-480.webp",
    ]);
  });
});

describe("an S3-compatible store (s3rver)", () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.close());

  storeTests(() => s3Store(s3.settings));

  it("is what another instance reads: the bytes are in the bucket, not in this process", async () => {
    await s3Store(s3.settings).put("media/bbbbbbbbbbbbbbbb-640x480.png", picture, "image/png");
    const other = s3Store({ ...s3.settings });
    expect((await other.get("media/bbbbbbbbbbbbbbbb-640x480.png"))?.bytes).toEqual(picture);
  });
});

describe("the deployment's store", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
    setMediaStore(undefined);
  });

  it("is <DATA_DIR>/media by default, MEDIA_DIR when set", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "bunyang-data-"));
    try {
      vi.stubEnv("DATA_DIR", dataDir);
      resetEnvCache();
      setMediaStore(undefined);
      await mediaStore().put("media/cccccccccccccccc-480.webp", picture, "image/webp");
      // The store is the folder; the key is a path in it.
      expect(readdirSync(join(dataDir, "media", "media"))).toEqual(["cccccccccccccccc-480.webp"]);

      vi.stubEnv("MEDIA_DIR", join(dataDir, "elsewhere"));
      resetEnvCache();
      setMediaStore(undefined);
      await mediaStore().put("media/cccccccccccccccc-480.webp", picture, "image/webp");
      expect(readdirSync(join(dataDir, "elsewhere", "media"))).toEqual([
        "cccccccccccccccc-480.webp",
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("is the bucket when the four S3 variables are set", async () => {
    const s3 = await startS3("pictures");
    try {
      for (const [k, v] of Object.entries(s3.env)) vi.stubEnv(k, v);
      resetEnvCache();
      setMediaStore(undefined);
      await mediaStore().put("media/dddddddddddddddd-480.webp", picture, "image/webp");
      expect(await s3Store(s3.settings).has("media/dddddddddddddddd-480.webp")).toBe(true);
    } finally {
      await s3.close();
    }
  });

  it("stops with a Korean message naming what is missing when only some S3 variables are set", () => {
    vi.stubEnv("S3_ENDPOINT", "http://127.0.0.1:9000");
    vi.stubEnv("S3_BUCKET", "media");
    resetEnvCache();
    setMediaStore(undefined);
    expect(() => mediaStore()).toThrow(
      /S3 저장소를 쓰려면 .*모두 설정해야 합니다 \(빠진 것: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\)/,
    );
  });
});

describe("the files last served, kept in memory", () => {
  it("are answered without the store, the least recently read leaving first", async () => {
    const reads: string[] = [];
    const files = new Map<string, Buffer>();
    const counted: MediaStore = {
      async put(key, bytes) {
        files.set(key, Buffer.from(bytes));
      },
      async get(key) {
        reads.push(key);
        const bytes = files.get(key);
        return bytes ? { bytes, contentType: "image/webp" } : null;
      },
      async has(key) {
        return files.has(key);
      },
      putFile: () => Promise.reject(new Error("not used")),
      open: () => Promise.resolve(null),
    };
    const store = withMemoryCache(counted, 8000);
    for (const name of ["a", "b", "c"])
      await store.put(`media/${name}.webp`, Buffer.alloc(400), "image/webp");
    await store.put("media/big.webp", Buffer.alloc(1001), "image/webp");

    expect(await store.get("media/missing.webp")).toBeNull();
    await store.get("media/a.webp");
    await store.get("media/a.webp");
    await store.get("media/big.webp");
    await store.get("media/big.webp");
    expect(reads).toEqual([
      "media/missing.webp",
      "media/a.webp",
      // Over an eighth of the memory: not kept.
      "media/big.webp",
      "media/big.webp",
    ]);
    // A key not there at first is looked for again (an upload may bring it).
    await store.put("media/missing.webp", Buffer.alloc(10), "image/webp");
    expect((await store.get("media/missing.webp"))?.bytes.length).toBe(10);

    // 8000 bytes hold 20 files of 400: the 21st read pushes out the least recently read.
    reads.length = 0;
    for (let i = 0; i < 20; i++)
      await store.put(`media/f${i}.webp`, Buffer.alloc(400), "image/webp");
    for (let i = 0; i < 20; i++) await store.get(`media/f${i}.webp`);
    await store.get("media/a.webp");
    expect(reads.filter((k) => k === "media/a.webp")).toEqual(["media/a.webp"]);
  });
});
