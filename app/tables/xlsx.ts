import { readSheet } from "read-excel-file/node";
import yauzl from "yauzl";

/*
 * XLSX workbooks, read by read-excel-file (docs/decisions/052-xlsx-reader.md). A workbook is a zip:
 * before it is opened, the sizes its entries declare are added up, and one that would unpack to more
 * than XLSX_MAX_UNPACKED is refused (a 10 MB file of repeated cells can declare gigabytes).
 */

const XLSX_MAX_UNPACKED = 200 * 1024 * 1024;
const UNREADABLE =
  "XLSX 파일을 읽지 못했습니다. 엑셀에서 다시 저장하거나 CSV로 저장해 올려 주세요.";

/** What the workbook's entries say they unpack to, in bytes (a broken zip: an Error). */
function unpackedSize(bytes: Uint8Array): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error(UNREADABLE));
      let total = 0;
      zip.on("entry", (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        zip.readEntry();
      });
      zip.on("end", () => resolve(total));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** A cell as the parsers read it: text; a date cell as its day (Excel's dates carry no zone). */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

/** The rows of the workbook's first sheet, each cell as text. */
export async function readXlsxRows(bytes: Uint8Array): Promise<string[][]> {
  let size: number;
  try {
    size = await unpackedSize(bytes);
  } catch {
    throw new Error(UNREADABLE);
  }
  if (size > XLSX_MAX_UNPACKED)
    throw new Error(
      "XLSX 파일의 내용이 너무 큽니다 (압축을 풀면 200MB 넘음). 기간을 나누어 내려받아 주세요.",
    );
  try {
    const rows = await readSheet(Buffer.from(bytes));
    return rows.map((row) => row.map(cellText));
  } catch {
    throw new Error(UNREADABLE);
  }
}
