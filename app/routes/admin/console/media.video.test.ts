import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { fileUrl } from "~/lib/media-files";
import { action } from "./media.video";
import { loader as mediaFile } from "../../endpoints/media.file";
import { postUpload, setUpMediaFolder } from "../test-support";

/*
 * POST /admin/media/video and /admin/media/captions as the console sends them (multipart `file`,
 * on the complex's host, with the administrator's cookie), and the film served back in ranges.
 * The film is the sample's own (scripts/artwork/sample-film.sh), 854×480.
 */

const FILM = readFileSync("assets/images/video/sample-film.mp4");
const CAPTIONS = readFileSync("assets/images/video/sample-film.vtt");

const uploads = setUpMediaFolder("video-route");

async function upload(kind: "video" | "captions", cookie: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set("note", "앞의 다른 칸");
  form.set("file", new File([new Uint8Array(bytes)], name));
  return postUpload(action, `/admin/media/${kind}`, cookie, form);
}

function get(path: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://anyang.localhost${path}`, { headers });
  return mediaFile({
    request,
    params: { file: path.slice("/media/c/".length) },
    context: {},
  } as unknown as Parameters<typeof mediaFile>[0]);
}

describe.each(engines())("uploading a film and its captions ($name)", (engine) => {
  useTestDb(engine);

  it("an MP4 gives its size from the file and is served in ranges; captions are kept too", async () => {
    await upsertAdmin("anyang@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    const cookie = await cookieOf("anyang@example.com", "anyang");
    const film = await upload("video", cookie, FILM, "영상.mov");
    expect(film.status).toBe(200);
    if (!film.body.ok) throw new Error(film.body.message);
    const value = film.body.value as { src: string; width: number; height: number };
    expect(value).toMatchObject({ width: 854, height: 480 });
    expect(value.src).toMatch(/^media\/[0-9a-f]{16}\.mp4$/);

    const part = await get(fileUrl(value.src), { range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${FILM.length}`);
    expect(part.headers.get("accept-ranges")).toBe("bytes");
    expect(part.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await part.arrayBuffer())).toEqual(FILM.subarray(0, 100));
    const whole = await get(fileUrl(value.src));
    expect([whole.status, whole.headers.get("content-length")]).toEqual([200, String(FILM.length)]);
    const past = await get(fileUrl(value.src), { range: `bytes=${FILM.length}-` });
    expect([past.status, past.headers.get("content-range")]).toEqual([
      416,
      `bytes */${FILM.length}`,
    ]);

    const captions = await upload("captions", cookie, CAPTIONS, "자막.vtt");
    expect(captions.status).toBe(200);
    if (!captions.body.ok) throw new Error(captions.body.message);
    expect(captions.body.value).toMatch(/^media\/[0-9a-f]{16}\.vtt$/);
    const served = await get(fileUrl(captions.body.value as string));
    expect(served.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await served.text()).toBe(CAPTIONS.toString("utf8"));
  });

  it("refuses, in Korean, a film that is not an MP4 and captions without WEBVTT; nothing stored", async () => {
    await upsertAdmin("anyang@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    const cookie = await cookieOf("anyang@example.com", "anyang");
    const before = uploads.storedFiles();
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000)]);
    expect(await upload("video", cookie, webm, "영상.mp4")).toEqual({
      status: 415,
      body: {
        ok: false,
        field: "file",
        message:
          "영상은(는) MP4(H.264) 파일만 올릴 수 있습니다 (고르신 파일: WebM/MKV). 파일 이름이 아니라 내용으로 확인합니다.",
      },
    });
    // An MP4 cut before its index: no size to read.
    const cut = await upload("video", cookie, FILM.subarray(0, 40), "영상.mp4");
    expect(cut.status).toBe(400);
    const srt = Buffer.from("1\n00:00:01,000 --> 00:00:02,000\n안녕하세요\n");
    expect(await upload("captions", cookie, srt, "자막.vtt")).toEqual({
      status: 415,
      body: {
        ok: false,
        field: "file",
        message:
          "자막은(는) WebVTT(.vtt) 파일만 올릴 수 있습니다. 파일 이름이 아니라 내용으로 확인합니다.",
      },
    });
    expect(uploads.storedFiles()).toEqual(before);
  });
});
