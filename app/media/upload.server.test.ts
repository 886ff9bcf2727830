import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { createJobRunner, jobsFor } from "~/jobs/jobs.server";
import { LARGE_PICTURE, makePictureVariants, processUpload } from "./upload.server";
import { folderStore, type MediaStore } from "./store.server";

/*
 * A picture uploaded in the console: what is refused (with the Korean message a person reads),
 * and what is kept in the media store for the pages.
 */

let dir: string;
let store: MediaStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bunyang-upload-"));
  store = folderStore(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stored = () => readdirSync(join(dir, "media")).sort();

/** A photo-like picture: a gradient, so the encoders have something to do. */
async function photo(width: number, height: number, format: "jpeg" | "png" = "jpeg") {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#1b3a5c"/><stop offset="1" stop-color="#e8b04a"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="30%" fill="#fff" fill-opacity=".4"/></svg>`,
  );
  const image = sharp(gradient);
  return format === "jpeg" ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

describe("an uploaded photo", () => {
  it("a 4000×3000 JPEG becomes AVIF and WebP at every width the pages ask for, and is kept", async () => {
    const jpeg = await photo(4000, 3000);
    const result = await processUpload(jpeg, { alt: " 단지 정문 야경 ", store });
    if (!result.ok) throw new Error(result.message);
    const hash = /^media\/([0-9a-f]{16})-4000x3000\.jpg$/.exec(result.image.src)?.[1];
    expect(hash).toBeDefined();
    expect(result.image).toEqual({
      src: `media/${hash}-4000x3000.jpg`,
      width: 4000,
      height: 3000,
      alt: "단지 정문 야경",
    });
    expect(result.previewUrl).toBe(`/media/c/${hash}-960.webp`);
    const widths = [480, 750, 960, 1440, 1920, 4000];
    expect(stored().filter((f) => f.startsWith(hash!))).toEqual(
      [
        `${hash}-4000x3000.jpg`,
        `${hash}-4000.jpg`,
        ...widths.flatMap((w) => [`${hash}-${w}.avif`, `${hash}-${w}.webp`]),
      ].sort(),
    );
    for (const w of widths) {
      for (const format of ["avif", "webp"] as const) {
        const file = await store.get(`media/${hash}-${w}.${format}`);
        expect(file?.contentType).toBe(`image/${format}`);
        const meta = await sharp(file!.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([
          format === "avif" ? "heif" : "webp",
          w,
          Math.round((3000 * w) / 4000),
        ]);
      }
    }
    // The original is kept as it came (for export).
    expect((await store.get(result.image.src))?.bytes).toEqual(jpeg);
  });

  it("the same bytes uploaded again store nothing new", async () => {
    const jpeg = await photo(800, 600);
    const first = await processUpload(jpeg, { alt: "견본주택", store });
    expect(first).toMatchObject({ ok: true, stored: true });
    const before = stored().map((f) => [f, statSync(join(dir, "media", f)).mtimeMs]);
    const again = await processUpload(jpeg, { alt: "견본주택 내부", store });
    expect(again).toMatchObject({ ok: true, stored: false });
    if (!first.ok || !again.ok) throw new Error("refused");
    expect(again.image.src).toBe(first.image.src);
    expect(stored().map((f) => [f, statSync(join(dir, "media", f)).mtimeMs])).toEqual(before);
  });

  it("is known by its content: PNG bytes (whatever the file was called) are a PNG", async () => {
    const png = await photo(640, 480, "png");
    const result = await processUpload(png, { alt: "배치도", store });
    expect(result).toMatchObject({ ok: true, image: { width: 640, height: 480 } });
    if (!result.ok) throw new Error(result.message);
    expect(result.image.src).toMatch(/^media\/[0-9a-f]{16}-640x480\.png$/);
  });

  it("is turned upright by its EXIF orientation, and its metadata is not kept", async () => {
    // A 400×300 picture whose camera says "turn 90°": it is shown 300×400.
    const sideways = await sharp(await photo(400, 300))
      .withExif({ IFD0: { Make: "Camera", Model: "Phone" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const result = await processUpload(sideways, { alt: "세로 사진", store });
    if (!result.ok) throw new Error(result.message);
    expect([result.image.width, result.image.height]).toEqual([300, 400]);
    const hash = result.image.src.slice(6, 22);
    const webp = await sharp((await store.get(`media/${hash}-300.webp`))!.bytes).metadata();
    expect([webp.width, webp.height, webp.exif, webp.orientation]).toEqual([
      300,
      400,
      undefined,
      undefined,
    ]);
  });
});

describe("a refused upload says why, in Korean, naming the field", () => {
  it("a 25 MB file: over the 20 MB limit (413)", async () => {
    const big = Buffer.alloc(25 * 1024 * 1024, 1);
    expect(await processUpload(big, { alt: "큰 사진", store })).toEqual({
      ok: false,
      status: 413,
      field: "file",
      message:
        "사진은 20MB 이하만 올릴 수 있습니다 (고르신 파일: 25.0MB). 크기를 줄여 다시 올려 주세요.",
    });
  });

  it("a 100-megapixel picture: over 34 megapixels (400), before anything is decoded", async () => {
    const huge = await sharp({
      create: { width: 10000, height: 10000, channels: 3, background: "#3366aa" },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const files = stored();
    expect(await processUpload(huge, { alt: "큰 사진", store })).toEqual({
      ok: false,
      status: 400,
      field: "file",
      message:
        "사진은 34메가픽셀(3,400만 화소) 이하만 올릴 수 있습니다 (고르신 사진: 10000×10000, 100메가픽셀). 크기를 줄여 다시 올려 주세요.",
    });
    expect(stored()).toEqual(files);
  });

  it("two small PNGs of 7000×5500 at once: refused from their headers, in a second, nothing decoded", async () => {
    // 38.5 megapixels each: today they took 62 s and 3.8 GB, and a sign-in meanwhile 55 s.
    const png = (background: string) =>
      sharp({ create: { width: 7000, height: 5500, channels: 3, background } })
        .png({ compressionLevel: 9 })
        .toBuffer();
    const pngs = await Promise.all([png("#88aacc"), png("#cc8866")]);
    for (const bytes of pngs) expect(bytes.length).toBeLessThan(200_000);
    const files = stored();
    const started = Date.now();
    const answers = await Promise.all(
      pngs.map((bytes) => processUpload(bytes, { alt: "큰 사진", store })),
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answers).toEqual(
      pngs.map(() => ({
        ok: false,
        status: 400,
        field: "file",
        message:
          "사진은 34메가픽셀(3,400만 화소) 이하만 올릴 수 있습니다 (고르신 사진: 7000×5500, 39메가픽셀). 크기를 줄여 다시 올려 주세요.",
      })),
    );
    expect(stored()).toEqual(files);
  }, 120_000);

  it("a missing alt text (400, field alt)", async () => {
    const jpeg = await photo(320, 240);
    for (const alt of ["", "   "])
      expect(await processUpload(jpeg, { alt, store })).toEqual({
        ok: false,
        status: 400,
        field: "alt",
        message:
          "대체 텍스트를 입력해 주세요. 사진을 볼 수 없는 분께 읽어 주는 설명입니다 (예: 단지 정문 야경).",
      });
  });

  it("a GIF, or bytes that are no picture at all (415)", async () => {
    const gif = await sharp(await photo(32, 32, "png"))
      .gif()
      .toBuffer();
    expect(await processUpload(gif, { alt: "움짤", store })).toEqual({
      ok: false,
      status: 415,
      field: "file",
      message:
        "JPEG, PNG, WebP, SVG 사진만 올릴 수 있습니다 (고르신 파일: GIF). 파일 이름이 아니라 내용으로 확인합니다.",
    });
    const text = Buffer.from("%PDF-1.4 not a picture");
    expect(await processUpload(text, { alt: "문서", store })).toMatchObject({
      ok: false,
      status: 415,
      field: "file",
    });
  });

  it("a JPEG or PNG cut short (400), with nothing stored", async () => {
    const files = stored();
    for (const whole of [await photo(1200, 900), await photo(1200, 900, "png")]) {
      const result = await processUpload(whole.subarray(0, whole.length / 2), {
        alt: "잘린",
        store,
      });
      expect(result).toEqual({
        ok: false,
        status: 400,
        field: "file",
        message:
          "사진 파일을 읽을 수 없습니다. 파일이 손상되었을 수 있으니 다른 파일로 다시 올려 주세요.",
      });
    }
    expect(stored()).toEqual(files);
  });
});

describe("an uploaded SVG", () => {
  const evil = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:x="http://www.w3.org/1999/xlink"
     width="200" height="100" viewBox="0 0 200 100" onload="alert('onload')">
  <style><![CDATA[ .logo { fill: url(#brand) } ]]></style>
  <style>@import url(https://evil.example/import.css);</style>
  <defs>
    <linearGradient id="brand"><stop offset="0" stop-color="#1b3a5c"/><stop offset="1" stop-color="#e8b04a"/></linearGradient>
    <path id="mark" d="M10 10h30v30h-30z"/>
  </defs>
  <script>alert('script')</script>
  <script xlink:href="https://evil.example/remote.js"/>
  <rect class="logo" width="200" height="100" onclick="alert('onclick')" style="fill:url(https://evil.example/p.svg#x)"/>
  <foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/frame"/></div></foreignObject>
  <image href="https://evil.example/tracker.png" width="1" height="1"/>
  <image xlink:href="http://evil.example/tracker2.png" width="1" height="1"/>
  <use href="#mark"/>
  <use x:href="http://evil.example/sprite.svg#icon"/>
  <a href="javascript:alert('link')"><text x="60" y="60" fill="#fff">라움하임</text></a>
  <set attributeName="onmouseover" to="alert('set')"/>
  <circle cx="150" cy="50" r="20" fill="#fff" filter="url(http://evil.example/f.svg#f)"/>
</svg>`;

  it("keeps the drawing and loses every script, handler, foreignObject and outside reference", async () => {
    const result = await processUpload(Buffer.from(evil), { alt: "라움하임 로고", store });
    if (!result.ok) throw new Error(result.message);
    expect(result.image).toMatchObject({ width: 200, height: 100, alt: "라움하임 로고" });
    expect(result.image.src).toMatch(/^media\/[0-9a-f]{16}-200x100\.svg$/);
    expect(result.previewUrl).toBe(`/media/c/${result.image.src.slice(6)}`);
    const file = await store.get(result.image.src);
    expect(file?.contentType).toBe("image/svg+xml");
    const svg = file!.bytes.toString("utf8");

    for (const gone of [
      /<script/i,
      /\son\w+=/i,
      /foreignObject/i,
      /<iframe/i,
      /evil\.example/,
      /javascript:/i,
      /@import/,
      /<set/,
    ])
      expect(svg, String(gone)).not.toMatch(gone);
    // What drew the picture is still there.
    expect(svg).toContain('viewBox="0 0 200 100"');
    expect(svg).toContain('<linearGradient id="brand">');
    expect(svg).toContain(".logo { fill: url(#brand) }");
    expect(svg).toContain('<use href="#mark"/>');
    expect(svg).toContain(">라움하임</text>");
    expect(svg).toContain('<circle cx="150" cy="50" r="20" fill="#fff"/>');
    // Still an SVG a browser (and sharp) reads: the cleaned file renders.
    const png = await sharp(file!.bytes).png().toBuffer();
    expect((await sharp(png).metadata()).width).toBe(200);
    // Drawings get no raster variants.
    expect(stored().filter((f) => f.startsWith(result.image.src.slice(6, 22)))).toHaveLength(1);
  });

  it("an SVG's own entities are never expanded (no billion laughs); a broken SVG is refused", async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&c;</text></svg>`;
    const result = await processUpload(Buffer.from(bomb), { alt: "폭탄", store });
    if (!result.ok) throw new Error(result.message);
    const svg = (await store.get(result.image.src))!.bytes.toString("utf8");
    expect(svg).not.toContain("aaaaaaaaaa");
    expect(svg.length).toBeLessThan(300);
    const broken = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g></svg>`;
    expect(await processUpload(Buffer.from(broken), { alt: "깨진", store })).toMatchObject({
      ok: false,
      field: "file",
    });
    // Too wide to be named by its size (media/<hash>-<W>x<H>.svg, five digits each).
    const endless = `<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="10"/>`;
    expect(await processUpload(Buffer.from(endless), { alt: "긴", store })).toMatchObject({
      ok: false,
      status: 400,
      field: "file",
    });
  });
});

describe.each(engines())("a large picture from the console, made by a job ($name)", (engine) => {
  useTestDb(engine);
  const runner = () =>
    createJobRunner({
      handlers: { picture: (job, context) => makePictureVariants(job, context, store) },
    });

  it("over 12 megapixels: kept and answered at once, its variants then its original made by the job", async () => {
    // 4200×3000 is 12.6 megapixels; other pixels for each engine (the store is the file's).
    const jpeg = await photo(4200, engine.name === "sqlite" ? 3000 : 3002);
    expect(4200 * 3000).toBeGreaterThan(LARGE_PICTURE.pixels);
    const result = await processUpload(jpeg, { alt: "단지 전경", store, defer: true });
    if (!result.ok) throw new Error(result.message);
    const hash = result.image.src.slice(6, 22);
    const ofHash = () => stored().filter((f) => f.startsWith(hash) && !f.endsWith(".type"));
    expect(result.job).toMatchObject({ kind: "picture", status: "pending", done: 0 });
    expect(ofHash()).toEqual([`${hash}-source.jpg`]);
    expect(await runner().runOnce()).toBe(1);
    expect(ofHash()).toHaveLength(1 + 1 + 1 + 6 * 2);
    expect(ofHash()).toContain(`${hash}-4200x${engine.name === "sqlite" ? 3000 : 3002}.jpg`);
    expect((await jobsFor([result.image.src]))[result.image.src]).toMatchObject({
      status: "done",
    });
    expect((await store.get(result.image.src))?.bytes).toEqual(jpeg);
  });

  it("a smaller picture is still made before the answer, without a job", async () => {
    const jpeg = await photo(1200, engine.name === "sqlite" ? 800 : 802);
    const result = await processUpload(jpeg, { alt: "모델하우스", store, defer: true });
    expect(result).toMatchObject({ ok: true, stored: true });
    expect(result.ok && result.job).toBeFalsy();
    expect(result.ok && (await store.has(result.image.src))).toBe(true);
  });
});
