import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { createJobRunner, jobsFor } from "~/jobs/jobs.server";
import { makePanoramaWidths, processPanorama } from "./panorama.server";
import { folderStore, type MediaStore } from "./store.server";

/* A 360° panorama uploaded in the console: what is refused, and the widths kept for the viewer. */

let dir: string;
let store: MediaStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bunyang-panorama-"));
  store = folderStore(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stored = () => {
  try {
    return readdirSync(join(dir, "media")).sort();
  } catch {
    return [];
  }
};

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#8aa6c1" } })
    .jpeg()
    .toBuffer();

describe("an uploaded panorama", () => {
  it("a 3:2 picture is refused in Korean, and nothing is stored", async () => {
    const result = await processPanorama(await picture(3000, 2000), { store });
    expect(result).toMatchObject({ ok: false, status: 400, field: "file" });
    if (result.ok) return;
    expect(result.message).toContain("가로가 세로의 2배(2:1)");
    expect(result.message).toContain("3000×2000");
    expect(stored()).toEqual([]);
  });

  it("a GIF is refused by its content", async () => {
    const gif = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const result = await processPanorama(gif, { store });
    expect(result).toMatchObject({ ok: false, status: 415 });
    expect(stored()).toEqual([]);
  });

  it("a 6000×3000 JPEG becomes progressive JPEGs at 512, 2048 and 4096 px, the upload kept", async () => {
    const result = await processPanorama(await picture(6000, 3000), { store });
    if (!result.ok) throw new Error(result.message);
    const hash = /^media\/([0-9a-f]{16})-6000x3000\.jpg$/.exec(result.value.src)?.[1];
    expect(hash).toBeDefined();
    expect(result.value).toEqual({ src: `media/${hash}-6000x3000.jpg`, width: 6000, height: 3000 });
    expect(result.previewUrl).toBe(`/media/c/${hash}-512.jpg`);
    expect(stored()).toEqual(
      [`${hash}-512.jpg`, `${hash}-2048.jpg`, `${hash}-4096.jpg`, `${hash}-6000x3000.jpg`].sort(),
    );
    for (const w of [512, 2048, 4096]) {
      const file = await store.get(`media/${hash}-${w}.jpg`);
      const meta = await sharp(file!.bytes).metadata();
      expect([meta.width, meta.height, meta.isProgressive]).toEqual([w, w / 2, true]);
    }
    const again = await processPanorama(await picture(6000, 3000), { store });
    expect(again).toMatchObject({ ok: true, stored: false });
  });
});

describe.each(engines())(
  "a panorama uploaded from the console, made by a job ($name)",
  (engine) => {
    useTestDb(engine);

    it("is answered once kept, its widths made by the job, the upload's JPEG last", async () => {
      // Other pixels for each engine: the store is the file's.
      const background = engine.name === "sqlite" ? "#345" : "#543";
      const bytes = await sharp({
        create: { width: 4200, height: 2100, channels: 3, background },
      })
        .png()
        .toBuffer();
      const result = await processPanorama(bytes, { store, defer: true, siteId: "anyang" });
      if (!result.ok) throw new Error(result.message);
      const hash = result.value.src.slice(6, 22);
      const ofHash = () => stored().filter((f) => f.startsWith(hash) && !f.endsWith(".type"));
      expect(result.job).toMatchObject({ kind: "panorama", status: "pending", done: 0, total: 4 });
      expect(ofHash()).toEqual([`${hash}-source.png`]);
      const runner = createJobRunner({
        handlers: { panorama: (job, context) => makePanoramaWidths(job, context, store) },
      });
      expect(await runner.runOnce()).toBe(1);
      expect(ofHash()).toEqual(
        [512, 2048, 4096]
          .map((w) => `${hash}-${w}.jpg`)
          .concat(`${hash}-4200x2100.jpg`, `${hash}-source.png`)
          .sort(),
      );
      expect((await jobsFor([result.value.src]))[result.value.src]).toMatchObject({
        status: "done",
        done: 4,
        total: 4,
      });
      const again = await processPanorama(bytes, { store, defer: true });
      expect(again).toMatchObject({ ok: true, stored: false, job: { status: "done" } });
    });
  },
);
