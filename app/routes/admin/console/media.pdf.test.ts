import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { jobsFor } from "~/jobs/jobs.server";
import { createMediaJobRunner } from "~/media/media-jobs.server";
import { action } from "./media.pdf";
import { postUpload, setUpMediaFolder } from "../test-support";

/*
 * POST /admin/media/pdf as the console sends it (multipart `file`, on the complex's host, with the
 * administrator's cookie): the notice stored and answered at once with its pages' sizes, its pages
 * drawn and stored by a job; anything else refused in Korean.
 */

const uploads = setUpMediaFolder("pdf-route");

async function upload(cookie: string, bytes: Uint8Array, name = "모집공고.pdf") {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name, { type: "application/pdf" }));
  return postUpload(action, "/admin/media/pdf", cookie, form);
}

/** A PDF of `count` A4 pages, each saying its number. */
async function pdf(count: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= count; n++) {
    doc.addPage([595, 842]).drawText(`Page ${n}`, { x: 60, y: 760, size: 28, font });
  }
  return doc.save({ useObjectStreams: false });
}

describe.each(engines())("uploading the notice PDF from the console ($name)", (engine) => {
  useTestDb(engine);

  it("a 3-page PDF is answered with its 3 pages at once; a job draws each at 800 and 1600 px", async () => {
    await upsertAdmin("anyang@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    const cookie = await cookieOf("anyang@example.com", "anyang");
    const bytes = await pdf(3);
    const { status, body } = await upload(cookie, bytes);
    expect(status).toBe(200);
    if (!body.ok) throw new Error(body.message);
    const value = body.value as { src: string; bytes: number; pages: unknown[] };
    expect(value.src).toMatch(/^media\/[0-9a-f]{16}\.pdf$/);
    expect(value.bytes).toBe(bytes.length);
    // A4 is 595×842 pt: 800×1132 px.
    expect(value.pages).toEqual([1, 2, 3].map(() => ({ width: 800, height: 1132 })));
    const hash = value.src.slice(6, 22);
    expect(body.previewUrl).toBe(`/media/c/${hash}-p1-800.webp`);
    const ofHash = () =>
      uploads.storedFiles().filter((f) => f.startsWith(hash) && !f.endsWith(".type"));
    // Answered before anything is drawn: the PDF is stored, its drawing waits as a job.
    expect(ofHash()).toEqual([`${hash}.pdf`]);
    expect(body.job).toMatchObject({ kind: "notice-pages", status: "pending", done: 0, total: 3 });
    expect(await createMediaJobRunner().runOnce()).toBe(1);
    expect((await jobsFor([value.src]))[value.src]).toMatchObject({
      status: "done",
      done: 3,
      total: 3,
    });
    const files = ofHash();
    expect(files).toHaveLength(7);
    expect(files.filter((f) => f.endsWith(".webp"))).toHaveLength(6);
    const zoomed = await sharp(join(uploads.dir, "media", `${hash}-p2-1600.webp`)).metadata();
    expect([zoomed.width, zoomed.height]).toEqual([1600, 2264]);
    // The same file again: nothing new stored, no job queued.
    const again = await upload(cookie, bytes);
    expect(again.body).toMatchObject({ ok: true, job: { status: "done" } });
    expect(await createMediaJobRunner().runOnce()).toBe(0);
  });

  it("refuses, in Korean, storing nothing: a picture called .pdf, a broken PDF, 31 MB", async () => {
    await upsertAdmin("anyang@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    const cookie = await cookieOf("anyang@example.com", "anyang");
    const before = uploads.storedFiles();

    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: "#123456" },
    })
      .png()
      .toBuffer();
    const notPdf = await upload(cookie, png);
    expect(notPdf.status).toBe(415);
    expect(notPdf.body).toMatchObject({ ok: false, field: "file" });
    expect(!notPdf.body.ok && notPdf.body.message).toContain("PDF 파일만 올릴 수 있습니다");

    const broken = (await pdf(2)).slice(0, 400);
    const cut = await upload(cookie, broken);
    expect(cut.status).toBe(400);
    expect(!cut.body.ok && cut.body.message).toContain("파일을 읽을 수 없습니다");

    const huge = new Uint8Array(31 * 1024 * 1024);
    huge.set(new TextEncoder().encode("%PDF-1.7\n"));
    const large = await upload(cookie, huge);
    expect(large.status).toBe(413);
    expect(!large.body.ok && large.body.message).toContain("30MB 이하만 올릴 수 있습니다");

    expect(uploads.storedFiles()).toEqual(before);
  });
});
