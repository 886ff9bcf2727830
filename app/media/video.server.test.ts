import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_LIMITS } from "~/lib/file-upload";
import { folderStore, type MediaStore } from "./store.server";
import { processCaptions, processVideo, readMp4 } from "./video.server";

/* Films and captions checked by their content; a refused file stores nothing. */

const FILM = "assets/images/video/sample-film.mp4";

let dir: string;
let store: MediaStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bunyang-video-"));
  store = folderStore(join(dir, "store"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stored = () => {
  try {
    return readdirSync(join(dir, "store", "media"));
  } catch {
    return [];
  }
};

/** A file of `bytes` in the test folder. */
function file(name: string, bytes: Buffer) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe("a film", () => {
  it("an MP4 gives the size of its video track, read from its boxes", async () => {
    expect(await readMp4(FILM)).toEqual({ ok: true, value: { width: 854, height: 480 } });
  });

  it("QuickTime (MOV), a film over 200 MB: refused in Korean, nothing stored", async () => {
    const film = readFileSync(FILM);
    const mov = Buffer.from(film);
    mov.write("qt  ", 8, "latin1"); // the major brand of the ftyp box
    const refusedMov = await processVideo(file("film.mov", mov), mov.length, store);
    expect(refusedMov).toMatchObject({ ok: false, status: 415 });
    expect(!refusedMov.ok && refusedMov.message).toContain("MP4(H.264) 파일만");
    expect(!refusedMov.ok && refusedMov.message).toContain("QuickTime(MOV)");

    const big = file("big.mp4", film);
    truncateSync(big, FILE_LIMITS.video.maxBytes + 1); // sparse: nothing written
    const refusedBig = await processVideo(big, FILE_LIMITS.video.maxBytes + 1, store);
    expect(refusedBig).toMatchObject({ ok: false, status: 413 });
    expect(!refusedBig.ok && refusedBig.message).toContain("200MB 이하만");
    expect(stored()).toEqual([]);
  });
});

describe("captions", () => {
  it("need the WEBVTT header; with it they are kept under their hash", async () => {
    const srt = await processCaptions(
      Buffer.from("1\n00:00:01,000 --> 00:00:02,000\n안녕\n"),
      store,
    );
    expect(srt).toMatchObject({ ok: false, status: 415 });
    expect(stored()).toEqual([]);
    const vtt = await processCaptions(readFileSync("assets/images/video/sample-film.vtt"), store);
    expect(vtt).toMatchObject({
      ok: true,
      value: expect.stringMatching(/^media\/[0-9a-f]{16}\.vtt$/),
    });
  });
});
