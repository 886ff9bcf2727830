import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createDeflate } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { FILE_MESSAGES, PDF_PAGE_LIMITS } from "~/lib/file-upload";
import { planPages } from "./pdf-plan.mjs";
import { drawPdf, findPdfWorker } from "./pdf.server";

/*
 * What a notice PDF may cost to draw (issue 38, item 5): a page of an unreasonable size or shape
 * is refused before anything is drawn, and every page is drawn within a pixel budget. Today's
 * tiny PDFs cost minutes and gigabytes: a 326-byte `MediaBox [0 0 1 100]` page took 34 s and 4.25
 * GB before its 400; 50 small pages took 100 s and 3.3 GB.
 */

/** A PDF of `count` pages of `size` points, each saying its number. */
async function pdf(count: number, size: [number, number]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= count; n++)
    doc.addPage(size).drawText(`${n}`, { x: 2, y: size[1] - 40, size: 24, font });
  return doc.save();
}

/**
 * A PDF of `pages` A4 pages, the last showing one `side`×`side` gray picture of zeros over the
 * whole page, its pixels deflated as they are made (a 20000×20000 picture is a 390 KB file).
 */
async function pictureOnLastPage(side: number, pages = 1) {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = side * side; left > 0; left -= zeros.length)
    if (!deflate.write(zeros.subarray(0, Math.min(left, zeros.length))))
      await once(deflate, "drain");
  deflate.end();
  await once(deflate, "end");
  const pixels = Buffer.concat(parts);

  const draw = Buffer.from("q 595 0 0 842 0 0 cm /Im1 Do Q");
  const kids = Array.from({ length: pages }, (_, i) => `${5 + i} 0 R`).join(" ");
  const objects: (string | Buffer)[][] = [
    ["<< /Type /Catalog /Pages 2 0 R >>"],
    [`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`],
    [
      `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
      pixels,
      "\nendstream",
    ],
    [`<< /Length ${draw.length} >>\nstream\n`, draw, "\nendstream"],
    ...Array.from({ length: pages }, (_, i) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 3 0 R >> >>${
        i === pages - 1 ? " /Contents 4 0 R" : ""
      } >>`,
    ]),
  ];
  const out: Buffer[] = [Buffer.from("%PDF-1.7\n")];
  let at = out[0]!.length;
  const offsets: number[] = [];
  for (const [i, parts] of objects.entries()) {
    offsets.push(at);
    for (const part of [`${i + 1} 0 obj\n`, ...parts, "\nendobj\n"]) {
      const bytes = Buffer.from(part);
      out.push(bytes);
      at += bytes.length;
    }
  }
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`,
  ].join("");
  out.push(Buffer.from(xref));
  return new Uint8Array(Buffer.concat(out));
}

describe("drawing a notice PDF", () => {
  it("a small PDF holding a 20000×20000 picture is refused in Korean, naming its page, within seconds and without gigabytes", async () => {
    // Drawn before, it took 31 s and 4.35 GB, and was accepted (PDF.js decodes a picture whole).
    const bytes = await pictureOnLastPage(20_000, 2);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage();
    let most = before.rss;
    const watch = setInterval(() => (most = Math.max(most, process.memoryUsage().rss)), 50);
    const started = Date.now();
    const drawn = await drawPdf(bytes).finally(() => clearInterval(watch));
    expect(drawn).toEqual({
      ok: false,
      status: 400,
      field: "file",
      message: FILE_MESSAGES.pdfImageTooLarge(2),
    });
    expect(FILE_MESSAGES.pdfImageTooLarge(2)).toMatch(/^모집공고의 2쪽에 너무 큰 그림이 있습니다/);
    // A page scanned at 600 dpi (A4: 4961×7016, 35 megapixels) stays within the limit.
    expect(4961 * 7016).toBeLessThan(PDF_PAGE_LIMITS.imagePixels);
    expect(Date.now() - started).toBeLessThan(10_000);
    // A page drawn and a worker started: a few hundred MB at most, not the picture's 1.6 GB.
    expect(most - before.rss).toBeLessThan(400 * 1024 * 1024);
    expect(process.memoryUsage().arrayBuffers - before.arrayBuffers).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it("a page 1 pt wide and 100 pt tall is refused in Korean, at once, nothing drawn", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([1, 100]);
    const bytes = await doc.save({ useObjectStreams: false });
    expect(bytes.length).toBeLessThan(1024);
    const started = Date.now();
    expect(await drawPdf(bytes)).toEqual({
      ok: false,
      status: 400,
      field: "file",
      message:
        "모집공고의 1쪽은 크기(1×100pt)가 보통 문서와 달라 그릴 수 없습니다. 한 변이 1인치(72pt) 이상이고 가로세로 비율이 1:5 이내인 쪽(A4 등)으로 저장해 다시 올려 주세요.",
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it("a bad page anywhere refuses the file before its good pages are drawn: 1:6, under an inch", async () => {
    for (const [size, named] of [
      [[100, 600], "100×600"],
      [[600, 100], "600×100"],
      [[60, 80], "60×80"],
    ] as const) {
      const doc = await PDFDocument.create();
      for (let n = 0; n < 20; n++) doc.addPage([595, 842]);
      doc.addPage([...size]);
      const started = Date.now();
      const drawn = await drawPdf(await doc.save());
      expect(drawn).toMatchObject({ ok: false, status: 400 });
      expect(!drawn.ok && drawn.message).toContain(`모집공고의 21쪽은 크기(${named}pt)`);
      // Twenty A4 pages drawn would take many seconds; reading their sizes does not.
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  }, 60_000);

  it("50 long pages (1:4.9, allowed) are planned within the page's and the upload's pixel budgets", () => {
    // 200×980 pt drawn 1600 px wide would be 1600×7840 (12.5 megapixels) a page, 627 in all.
    const plan = planPages(Array(50).fill({ width: 200, height: 980 }), 1600, PDF_PAGE_LIMITS);
    if (!plan.ok) throw new Error("refused");
    expect(plan.drawn).toHaveLength(50);
    for (const [w, h] of plan.drawn) {
      expect(w * h).toBeLessThanOrEqual(PDF_PAGE_LIMITS.pagePixels);
      expect(Math.abs(w / h - 200 / 980)).toBeLessThan(0.01);
    }
    // 300 A4 pages (the most a notice may have) are drawn smaller, about 800 px wide, within 300 MP.
    const long = planPages(Array(300).fill({ width: 595, height: 842 }), 1600, PDF_PAGE_LIMITS);
    if (!long.ok) throw new Error("refused");
    const total = long.drawn.reduce((sum, [w, h]) => sum + w * h, 0);
    expect(total).toBeLessThanOrEqual(PDF_PAGE_LIMITS.totalPixels);
    expect(long.drawn[0]![0]).toBeGreaterThanOrEqual(800);
  });

  it("long pages are drawn within the page's budget: the widest picture is the drawing, never enlarged", async () => {
    const bytes = await pdf(3, [200, 980]);
    expect(bytes.length).toBeLessThan(5_000);
    const drawn = await drawPdf(bytes);
    if (!drawn.ok) throw new Error(drawn.message);
    expect(drawn.pages).toHaveLength(3);
    for (const page of drawn.pages) {
      // The content keeps the page's shape, 800 px wide, as before.
      expect([page.width, page.height]).toEqual([800, 3920]);
      const [w, h] = page.drawn;
      expect(w * h).toBeLessThanOrEqual(PDF_PAGE_LIMITS.pagePixels);
      const meta = await sharp(page.webp.get(1600)).metadata();
      expect([meta.width, meta.height]).toEqual(page.drawn);
    }
  }, 60_000);

  it("an A4 page is still drawn 1600 px wide, and at 800", async () => {
    const drawn = await drawPdf(await pdf(1, [595, 842]));
    if (!drawn.ok) throw new Error(drawn.message);
    expect(drawn.pages[0]!.drawn).toEqual([1600, 2264]);
    const sizes = await Promise.all(
      [800, 1600].map(async (w) => {
        const meta = await sharp(drawn.pages[0]!.webp.get(w)).metadata();
        return [meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [800, 1132],
      [1600, 2264],
    ]);
  }, 60_000);
});

describe("where the drawing worker is found", () => {
  const worker = pathToFileURL(join(process.cwd(), "app/media/pdf-worker.mjs")).href;

  it("beside this module, in the sources", () => {
    expect(findPdfWorker(new URL("./pdf.server.ts", import.meta.url))?.href).toBe(worker);
  });

  it("from the server bundle in <app>/build/server/", () => {
    const bundle = pathToFileURL(join(process.cwd(), "build/server/index.js"));
    expect(findPdfWorker(bundle, "/nowhere")?.href).toBe(worker);
  });

  it("a build elsewhere (BUILD_DIR=/srv/out) finds it under the app's folder, the working directory", () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "bunyang-out-"));
    try {
      const bundle = pathToFileURL(join(elsewhere, "server/index.js"));
      expect(findPdfWorker(bundle, process.cwd())?.href).toBe(worker);
      expect(findPdfWorker(bundle, elsewhere)).toBeNull();
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
