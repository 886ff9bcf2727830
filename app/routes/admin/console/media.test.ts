import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD, thrownStatus } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { imageUrl } from "~/lib/images";
import type { MediaUploadAnswer } from "~/lib/media-upload";
import { MEDIA_BODY_LIMIT } from "../../../../server/body-limit.js";
import { action, MEDIA_BODY_MAX } from "./media";
import { loader as mediaFile } from "../../endpoints/media.file";
import { setUpMediaFolder } from "../test-support";

/*
 * POST /admin/media as the console sends it (multipart `file` + `alt`, on the complex's host, with
 * the administrator's cookie), and GET /media/c/<file> showing what was uploaded.
 */

const uploads = setUpMediaFolder("media-route");

type Upload = { bytes: Uint8Array; name: string; type: string; alt?: string };

/** The console's upload, sent on the complex `site`'s own host. */
async function upload(
  site: string,
  cookie: string,
  u: Upload,
  origin = `http://${site}.localhost`,
) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(u.bytes)], u.name, { type: u.type }));
  if (u.alt !== undefined) form.set("alt", u.alt);
  const request = new Request(`http://${site}.localhost/admin/media`, {
    method: "POST",
    headers: { cookie, origin },
    body: form,
  });
  return action({ request, context: {}, params: {} } as unknown as Parameters<typeof action>[0]);
}

async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as MediaUploadAnswer };
}

function get(path: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://anyang.localhost${path}`, { headers });
  const file = path.slice("/media/c/".length);
  return mediaFile({ request, params: { file }, context: {} } as unknown as Parameters<
    typeof mediaFile
  >[0]);
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#2a5d8f" } })
    .png()
    .toBuffer();

describe.each(engines())("uploading a picture from the console ($name)", (engine) => {
  useTestDb(engine);

  it("a PNG called .jpg is stored as the PNG it is, and its variants are served for a year", async () => {
    await upsertAdmin("anyang@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    const cookie = await cookieOf("anyang@example.com", "anyang");
    const bytes = await png(1200, 800);
    const { status, body } = await json(
      await upload("anyang", cookie, {
        bytes,
        name: "평면도.jpg",
        type: "image/jpeg",
        alt: "84A 평면도",
      }),
    );
    expect(status).toBe(200);
    if (!body.ok) throw new Error(body.message);
    expect(body.image).toMatchObject({ width: 1200, height: 800, alt: "84A 평면도" });
    expect(body.image.src).toMatch(/^media\/[0-9a-f]{16}-1200x800\.png$/);

    // The preview and every address a page asks for answer the picture.
    const preview = await get(body.previewUrl);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/webp");
    expect(preview.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = preview.headers.get("etag")!;
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).width).toBe(960);
    const avif = await get(imageUrl(body.image, 480, "avif"));
    expect([avif.status, avif.headers.get("content-type")]).toEqual([200, "image/avif"]);
    // Asked again with its ETag: nothing to send.
    expect((await get(body.previewUrl, { "if-none-match": etag })).status).toBe(304);
    // The original is kept for export, not served (its metadata could say where it was taken).
    expect((await get(`/media/c/${body.image.src.slice(6)}`)).status).toBe(404);
  });

  it("refuses, in Korean and naming the field: no alt text, a GIF, 25 MB, 100 megapixels", async () => {
    await upsertAdmin("anyang@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    const cookie = await cookieOf("anyang@example.com", "anyang");
    const before = uploads.storedFiles();
    const send = async (bytes: Uint8Array, type: string, alt?: string) =>
      json(await upload("anyang", cookie, { bytes, name: "사진.jpg", type, alt }));

    expect(await send(await png(300, 200), "image/png")).toEqual({
      status: 400,
      body: {
        ok: false,
        field: "alt",
        message:
          "대체 텍스트를 입력해 주세요. 사진을 볼 수 없는 분께 읽어 주는 설명입니다 (예: 단지 정문 야경).",
      },
    });

    const gif = await sharp(await png(16, 16))
      .gif()
      .toBuffer();
    expect(await send(gif, "image/png", "x")).toMatchObject({
      status: 415,
      body: { ok: false, field: "file", message: /GIF/ },
    });

    expect(await send(Buffer.alloc(25 * 1024 * 1024, 7), "image/jpeg", "x")).toEqual({
      status: 413,
      body: {
        ok: false,
        field: "file",
        message: "사진은 20MB 이하만 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요.",
      },
    });

    const huge = await sharp({
      create: { width: 10000, height: 10000, channels: 3, background: "#000" },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(await send(huge, "image/png", "x")).toMatchObject({
      status: 400,
      body: { ok: false, field: "file", message: /34메가픽셀/ },
    });

    expect(uploads.storedFiles()).toEqual(before);
  });

  it("an uploaded SVG is served as a drawing that can run nothing", async () => {
    await upsertAdmin("anyang@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    const cookie = await cookieOf("anyang@example.com", "anyang");
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" onload="alert(1)"><script>alert(2)</script><rect width="120" height="40" fill="#123"/></svg>`;
    const { body } = await json(
      await upload("anyang", cookie, {
        bytes: Buffer.from(svg),
        name: "logo.png",
        type: "image/png",
        alt: "로고",
      }),
    );
    if (!body.ok) throw new Error(body.message);
    expect(body.image.src).toMatch(/^media\/[0-9a-f]{16}-120x40\.svg$/);
    const served = await get(body.previewUrl);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await served.text();
    expect(text).not.toMatch(/script|onload/);
    expect(text).toContain('<rect width="120" height="40" fill="#123"/>');
  });

  it("is for the complex's own administrators, from its own pages; others get 404", async () => {
    await upsertAdmin("suwon@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    const suwon = await cookieOf("suwon@example.com", "suwon");
    const picture = { bytes: await png(200, 100), name: "a.png", type: "image/png", alt: "사진" };
    const before = uploads.storedFiles();

    expect(await thrownStatus(() => upload("anyang", suwon, picture))).toBe(404);
    expect(await thrownStatus(() => upload("anyang", "", picture))).toBe(302);
    const foreign = await upload("suwon", suwon, picture, "https://evil.example");
    expect(foreign.status).toBe(403);
    expect(uploads.storedFiles()).toEqual(before);

    expect((await upload("suwon", suwon, picture)).status).toBe(200);
  });
});

describe("the address of an uploaded file", () => {
  it("answers 404 for a file the store does not hold, or a name that is not one of ours", async () => {
    for (const path of [
      "/media/c/0123456789abcdef-480.webp",
      "/media/c/0123456789abcdef-480.gif",
      "/media/c/..%2F..%2Fsite.db",
      "/media/c/0123456789ABCDEF-480.webp",
    ])
      expect((await get(path)).status, path).toBe(404);
  });

  it("the server lets the largest picture's request through to the application", () => {
    expect(MEDIA_BODY_LIMIT).toBe(MEDIA_BODY_MAX);
  });
});
