import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import yazl from "yazl";

/*
 * Workbooks made in the tests: the smallest XLSX Excel opens (one sheet, text cells inline,
 * numbers as numbers), zipped with yazl.
 */

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const column = (i: number) => String.fromCharCode(65 + i);

function sheetXml(rows: (string | number)[][]): string {
  const cells = (row: (string | number)[], r: number) =>
    row
      .map((cell, c) =>
        typeof cell === "number"
          ? `<c r="${column(c)}${r}"><v>${cell}</v></c>`
          : `<c r="${column(c)}${r}" t="inlineStr"><is><t>${escape(cell)}</t></is></c>`,
      )
      .join("");
  const body = rows.map((row, i) => `<row r="${i + 1}">${cells(row, i + 1)}</row>`).join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PARTS: Record<string, string> = {
  "[Content_Types].xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${RELS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};

/** A workbook whose first sheet holds these rows; `padding`: an extra entry of that many zero bytes. */
export async function xlsxOf(rows: (string | number)[][], padding = 0): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(PARTS)) zip.addBuffer(Buffer.from(text), name);
  zip.addBuffer(Buffer.from(sheetXml(rows)), "xl/worksheets/sheet1.xml");
  if (padding > 0) {
    const chunk = Buffer.alloc(1024 * 1024);
    const chunks = Math.ceil(padding / chunk.length);
    zip.addReadStream(
      Readable.from(
        (function* () {
          for (let i = 0; i < chunks; i++) yield chunk;
        })(),
      ),
      "xl/media/padding.bin",
      { size: chunks * chunk.length },
    );
  }
  zip.end();
  return new Uint8Array(await buffer(zip.outputStream));
}
