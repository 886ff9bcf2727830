import { describe, expect, it } from "vitest";
import { imageUrl, isMedia, isPhoto, srcSet } from "./images";

describe("picture addresses", () => {
  it("keeps the build's addresses: artwork as it is, photos per width and format", () => {
    const drawing = { src: "logo/raumheim.svg", width: 180, height: 40 };
    const photo = { src: "sites/anyang/photo/hero.jpg", width: 1920, height: 1080 };
    expect(isPhoto(drawing)).toBe(false);
    expect(imageUrl(drawing)).toBe("/img/logo/raumheim.svg");
    expect(isPhoto(photo)).toBe(true);
    expect(imageUrl(photo)).toBe("/img/sites/anyang/photo/hero-1920.webp");
    expect(imageUrl(photo, 750, "avif")).toBe("/img/sites/anyang/photo/hero-750.avif");
    expect(imageUrl(photo, 1920, "jpg")).toBe("/img/sites/anyang/photo/hero-1920.jpg");
    expect(srcSet(photo, "webp")).toBe(
      "/img/sites/anyang/photo/hero-480.webp 480w, /img/sites/anyang/photo/hero-750.webp 750w, " +
        "/img/sites/anyang/photo/hero-960.webp 960w, /img/sites/anyang/photo/hero-1440.webp 1440w, " +
        "/img/sites/anyang/photo/hero-1920.webp 1920w",
    );
  });

  it("serves an uploaded photo's variants from /media/c/, each width the upload made", () => {
    const upload = { src: "media/0123456789abcdef-4000x3000.jpg", width: 4000, height: 3000 };
    expect(isMedia(upload)).toBe(true);
    expect(isPhoto(upload)).toBe(true);
    expect(srcSet(upload, "avif")).toBe(
      "/media/c/0123456789abcdef-480.avif 480w, /media/c/0123456789abcdef-750.avif 750w, " +
        "/media/c/0123456789abcdef-960.avif 960w, /media/c/0123456789abcdef-1440.avif 1440w, " +
        "/media/c/0123456789abcdef-1920.avif 1920w, /media/c/0123456789abcdef-4000.avif 4000w",
    );
    expect(imageUrl(upload)).toBe("/media/c/0123456789abcdef-4000.webp");
    expect(imageUrl(upload, 1440, "webp")).toBe("/media/c/0123456789abcdef-1440.webp");
    // The sharing image: the JPEG made at its own width.
    expect(imageUrl(upload, upload.width, "jpg")).toBe("/media/c/0123456789abcdef-4000.jpg");
  });

  it("asks a small upload for a width it has (the hero asks for 1440 whatever the picture)", () => {
    const small = { src: "media/0123456789abcdef-1200x800.png", width: 1200, height: 800 };
    expect(imageUrl(small, 1440, "webp")).toBe("/media/c/0123456789abcdef-1200.webp");
    expect(imageUrl(small, 800, "avif")).toBe("/media/c/0123456789abcdef-960.avif");
  });

  it("serves an uploaded SVG as it is", () => {
    const vector = { src: "media/0123456789abcdef-200x100.svg", width: 200, height: 100 };
    expect(isMedia(vector)).toBe(true);
    expect(isPhoto(vector)).toBe(false);
    expect(imageUrl(vector)).toBe("/media/c/0123456789abcdef-200x100.svg");
  });

  it("takes a src that only looks like an upload for a shared file", () => {
    const other = { src: "media/brochure.png", width: 10, height: 10 };
    expect(isMedia(other)).toBe(false);
    expect(imageUrl(other)).toBe("/img/media/brochure.png");
  });
});
