import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES, PRESS_MESSAGES } from "~/press/press-form";
import { pressPhotoWidths } from "~/press/press-photo";
import { renderPhoto } from "./photos.server";

const picture = (format: "jpeg" | "png" | "webp" | "gif", width = 1500, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: "#c08040" } })
    .toFormat(format)
    .toBuffer();

describe("press photo upload", () => {
  it.each(["jpeg", "png", "webp"] as const)(
    "renders a %s to AVIF, WebP and JPEG at 320, 640 and 1200 px",
    async (format) => {
      const result = await renderPhoto(await picture(format));
      if (!result.ok) throw new Error(result.message);
      expect(result.photo).toMatchObject({ width: 1500, height: 1000 });
      expect(result.photo.id).toMatch(/^[0-9a-f]{24}$/);
      const files = result.photo.files.map((f) => `${f.format}-${f.width}x${f.height}`).sort();
      expect(files).toEqual(
        [
          "avif-1200x800",
          "avif-320x213",
          "avif-640x427",
          "jpg-1200x800",
          "jpg-320x213",
          "jpg-640x427",
          "webp-1200x800",
          "webp-320x213",
          "webp-640x427",
        ].sort(),
      );
      for (const f of result.photo.files) {
        const meta = await sharp(f.bytes).metadata();
        expect(meta.format).toBe(
          f.format === "jpg" ? "jpeg" : f.format === "avif" ? "heif" : "webp",
        );
      }
    },
  );

  it("never enlarges a small photo", async () => {
    const result = await renderPhoto(await picture("jpeg", 500, 300));
    if (!result.ok) throw new Error(result.message);
    expect([...new Set(result.photo.files.map((f) => f.width))]).toEqual([320, 500]);
    expect(pressPhotoWidths(500)).toEqual([320, 500]);
    expect(pressPhotoWidths(200)).toEqual([200]);
    expect(pressPhotoWidths(4000)).toEqual([320, 640, 1200]);
  });

  it("refuses a text file named .jpg, a GIF, a cut-off JPEG and a file over 10 MB, in Korean", async () => {
    expect(await renderPhoto(Buffer.from("hello, I am not a picture\n"))).toEqual({
      ok: false,
      message: PRESS_MESSAGES.photoBroken,
    });
    expect(await renderPhoto(await picture("gif"))).toEqual({
      ok: false,
      message: PRESS_MESSAGES.photoType,
    });
    const whole = await sharp({
      create: {
        width: 1200,
        height: 800,
        channels: 3,
        background: "#000000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(await renderPhoto(whole.subarray(0, Math.floor(whole.length / 2)))).toEqual({
      ok: false,
      message: PRESS_MESSAGES.photoBroken,
    });
    expect(await renderPhoto(Buffer.alloc(PHOTO_MAX_BYTES + 1))).toEqual({
      ok: false,
      message: PRESS_MESSAGES.photoTooLarge,
    });
  });

  it("names a photo by its content: the same upload gets the same name", async () => {
    const bytes = await picture("png", 400, 400);
    const a = await renderPhoto(bytes);
    const b = await renderPhoto(Buffer.from(bytes));
    const c = await renderPhoto(await picture("png", 401, 400));
    if (!a.ok || !b.ok || !c.ok) throw new Error("render");
    expect(a.photo.id).toBe(b.photo.id);
    expect(a.photo.id).not.toBe(c.photo.id);
  });
});
