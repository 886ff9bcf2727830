import { describe, expect, test } from "vitest";
import { drawPdf } from "../../app/media/pdf.server";
import { loadSite, shownSite } from "../../app/sites/registry.server";
import { NOTICE_FILE, noticePdf } from "./notice-pdf";

/*
 * The sample notice is made from each complex's data at build time; site.yaml's
 * `announcement.document` announces its bytes and page sizes, which the page sets on its pictures:
 * they must be what the generator makes, on every run.
 */

describe.each(["anyang", "suwon"])("the sample notice of %s", (id) => {
  const content = shownSite(loadSite(`sites/${id}`));

  test("is the file site.yaml names, with its bytes and pages, the same on every run", async () => {
    const document = content.announcement.document!;
    expect(document.src).toBe(`art/${id}/${NOTICE_FILE}`);
    const bytes = await noticePdf(content);
    expect(Buffer.from(await noticePdf(content)).equals(Buffer.from(bytes))).toBe(true);
    expect(bytes.length).toBe(document.bytes);
    const drawn = await drawPdf(bytes);
    if (!drawn.ok) throw new Error(drawn.message);
    expect(drawn.pages.map(({ width, height }) => ({ width, height }))).toEqual(document.pages);
    expect(drawn.pages.length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  test("sets its text in an embedded Korean font, naming the complex and its unit types", async () => {
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const doc = await getDocument({ data: await noticePdf(content), verbosity: 0 }).promise;
    let text = "";
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const items = (await page.getTextContent()).items as { str: string }[];
      text += items.map((i) => i.str).join(" ");
    }
    await doc.destroy();
    expect(text).toContain(`${content.identity.name} 입주자 모집공고`);
    for (const unit of content.unitTypes) expect(text).toContain(unit.label);
    expect(text).toContain("주택형별 공급 내역");
    expect(text).toContain("유의사항");
  }, 60_000);
});
