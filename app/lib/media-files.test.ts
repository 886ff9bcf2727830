import { describe, expect, it } from "vitest";
import { fileUrl, pageUrl, panoramaUrl, panoramaWidths, youtubeId } from "./media-files";
import { frameSources } from "./media";

describe("media files", () => {
  it("finds the YouTube id in every address agencies paste, and nothing elsewhere", () => {
    for (const src of [
      "dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10",
      "https://youtu.be/dQw4w9WgXcQ?si=abc",
      "https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1",
      "https://m.youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ])
      expect(youtubeId(src), src).toBe("dQw4w9WgXcQ");
    for (const src of ["", "https://player.vimeo.com/video/1", "https://youtube.com/watch", "abc"])
      expect(youtubeId(src), src).toBeNull();
  });

  it("names an upload's and a drawing's files after their source", () => {
    expect(fileUrl("media/0123456789abcdef.mp4")).toBe("/media/c/0123456789abcdef.mp4");
    expect(fileUrl("video/sample.mp4")).toBe("/img/video/sample.mp4");
    const upload = { src: "media/0123456789abcdef-8000x4000.jpg" };
    expect(panoramaUrl(upload, 2048)).toBe("/media/c/0123456789abcdef-2048.jpg");
    expect(panoramaUrl({ src: "art/anyang/pano/59a-living.jpg" }, 512)).toBe(
      "/img/art/anyang/pano/59a-living-512.jpg",
    );
    expect(pageUrl({ src: "media/0123456789abcdef.pdf" }, 3, 800)).toBe(
      "/media/c/0123456789abcdef-p3-800.webp",
    );
    expect(panoramaWidths(8000)).toEqual([512, 2048, 4096]);
    expect(panoramaWidths(3000)).toEqual([512, 2048, 3000]);
  });

  it("lets a YouTube film play from youtube-nocookie only, and a file kept here from nowhere", () => {
    const content = {
      brandVideo: { src: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
      videoTabs: [{ src: "https://vimeo.example.com/v/1", file: { src: "media/x.mp4" } }],
      vr: { tabs: [{ src: "https://vr.example.com/tour.html" }] },
      announcement: { pdfUrl: "https://docs.example.com/a.pdf", document: { src: "a.pdf" } },
    };
    expect(frameSources(content)).toEqual([
      "https://www.youtube-nocookie.com",
      "https://vr.example.com",
    ]);
  });
});
