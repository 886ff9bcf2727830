import { readFileSync } from "node:fs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
let t = performance.now();
const doc = await getDocument({ data: new Uint8Array(readFileSync("/tmp/notice/suwon.pdf")), verbosity: 0 }).promise;
console.log("open", performance.now() - t);
for (let n = 1; n <= 3; n++) {
  t = performance.now();
  const page = await doc.getPage(n);
  const vp = page.getViewport({ scale: 1600 / page.getViewport({ scale: 1 }).width });
  const { context } = (doc.canvasFactory as any).create(1600, Math.round(vp.height));
  const ops = await page.getOperatorList();
  console.log("ops", performance.now() - t, ops.fnArray.length); t = performance.now();
  await page.render({ canvas: null, canvasContext: context, viewport: vp }).promise;
  console.log("render", performance.now() - t);
}
