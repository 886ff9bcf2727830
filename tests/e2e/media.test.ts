import { readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { MediaUploadAnswer } from "~/lib/media-upload";
import { startS3 } from "~/media/test-support";
import { ADMIN_ENV, adminFetch, signInCookie } from "./support/admin";
import { startServer, type RunningServer } from "./support/server";

/*
 * Pictures uploaded in the console, through the built server: the upload's body limit, and two
 * instances on one S3-compatible bucket (s3rver) serving the same pictures. No browser: the
 * console's upload field is the forms' part; this is the endpoint it posts to.
 */

let s3: Awaited<ReturnType<typeof startS3>>;
let one: RunningServer;
let two: RunningServer;
beforeAll(async () => {
  s3 = await startS3();
  [one, two] = await Promise.all([
    startServer({ ...ADMIN_ENV, ...s3.env }),
    startServer({ ...ADMIN_ENV, ...s3.env }),
  ]);
});
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await s3?.close();
});

async function upload(server: RunningServer, cookie: string, bytes: Uint8Array, alt = "사진") {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], "upload.jpg", { type: "image/jpeg" }));
  form.set("alt", alt);
  const res = await adminFetch(server, cookie, "/admin/media", { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as MediaUploadAnswer };
}

describe("an uploaded picture", () => {
  test("is served by every instance, from the bucket", async () => {
    const cookie = await signInCookie(one);
    const jpeg = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: "#2a4a7a" },
    })
      .jpeg()
      .toBuffer();
    const { status, body } = await upload(one, cookie, jpeg, "단지 전경");
    expect(status).toBe(200);
    if (!body.ok) throw new Error(body.message);
    expect(body.image).toMatchObject({ width: 2400, height: 1600, alt: "단지 전경" });

    const [fromOne, fromTwo] = await Promise.all(
      [one, two].map((s) => fetch(s.url + body.previewUrl)),
    );
    expect([fromOne!.status, fromTwo!.status]).toEqual([200, 200]);
    expect(fromTwo!.headers.get("content-type")).toBe("image/webp");
    expect(fromTwo!.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await fromTwo!.arrayBuffer())).toEqual(
      Buffer.from(await fromOne!.arrayBuffer()),
    );
    // In the bucket, not in either instance's data folder.
    expect(readdirSync(join(s3.directory, "media", "media")).length).toBeGreaterThan(0);
    for (const server of [one, two]) expect(readdirSync(server.dataDir)).not.toContain("media");
  });

  test("an SVG is served under its own policy alone, which runs nothing", async () => {
    const cookie = await signInCookie(two);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>alert(1)</script><rect width="120" height="40"/></svg>`;
    const { body } = await upload(two, cookie, Buffer.from(svg), "로고");
    if (!body.ok) throw new Error(body.message);
    const res = await fetch(one.url + body.previewUrl);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    // One policy (two would read "…, …" here): the picture's, not the pages'.
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(await res.text()).not.toContain("script");
  });
});

describe("the upload's size", () => {
  test("a 20 MB file reaches the application; 25 MB is refused by the server in Korean, as JSON", async () => {
    const cookie = await signInCookie(one);
    // 20 MB that are no picture: the application reads them and says so (415), not the server (413).
    const twenty = Buffer.alloc(20 * 1024 * 1024, 7);
    const read = await upload(one, cookie, twenty);
    expect(read.status).toBe(415);
    expect(read.body).toMatchObject({ ok: false, field: "file" });

    const big = await upload(one, cookie, Buffer.alloc(25 * 1024 * 1024, 7));
    expect(big).toEqual({
      status: 413,
      body: {
        ok: false,
        field: "file",
        message: "사진은 20MB 이하만 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요.",
      },
    });
  });
});
