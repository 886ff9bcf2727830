/*
 * A report file as rows of text cells: the size limit (checked before decoding), the encoding
 * (UTF-8 with or without BOM, UTF-16 with BOM as Excel's "유니코드 텍스트" writes it, else CP949 as
 * Korean Excel writes CSV), CSV or TSV, and XLSX through `readXlsxRows`.
 */
import iconv from "iconv-lite";
import type { TableRow } from "./header";
import { readXlsxRows } from "./xlsx";

export const MAX_BYTES = 10 * 1024 * 1024;

type Table = { ok: true; rows: TableRow[] } | { ok: false; message: string };

class UnclosedQuote extends Error {}

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** The file's text: UTF-8 when it is valid UTF-8, UTF-16 after its BOM, otherwise CP949. */
export function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(bytes);
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(bytes);
  try {
    // The decoder drops a UTF-8 BOM.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, "cp949");
  }
}

/**
 * CSV (RFC 4180: quoted cells with the delimiter, line breaks and doubled quotes; CRLF or LF) or
 * TSV with the same quoting. Each row keeps the line it starts on. An unclosed quote throws.
 */
export function parseDelimited(text: string, delimiter: "," | "\t"): TableRow[] {
  const rows: TableRow[] = [];
  const n = text.length;
  const isEnd = (c: string | undefined) => c === delimiter || c === "\n" || c === "\r";
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell = "";
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= n) throw new UnclosedQuote(`${start}번째 줄의 따옴표가 닫히지 않았습니다.`);
          const q = text.indexOf('"', i);
          const upTo = q < 0 ? n : q;
          const part = text.slice(i, upTo);
          line += part.split("\n").length - 1;
          cell += part;
          i = upTo;
          if (q < 0) continue;
          if (text[q + 1] === '"') {
            cell += '"';
            i = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
      }
      // An unquoted cell, or what follows a closing quote, up to the delimiter or the line's end.
      const from = i;
      while (i < n && !isEnd(text[i])) i++;
      cell += text.slice(from, i);
      cells.push(cell);
      if (text[i] !== delimiter) break;
      i++;
    }
    if (text[i] === "\r") i++;
    if (text[i] === "\n") i++;
    line++;
    rows.push({ line: start, cells });
  }
  return rows;
}

const trimmed = (rows: TableRow[]) =>
  rows
    .map((r) => ({ line: r.line, cells: r.cells.map((c) => c.trim()) }))
    .filter((r) => r.cells.some((c) => c !== ""));

/** Why a file of `size` bytes (when known) is refused: over MAX_BYTES. */
export const tooLargeMessage = (size?: number) =>
  `파일이 10MB를 넘습니다${size === undefined ? "" : ` (${(size / 1024 / 1024).toFixed(1)}MB)`}. 기간을 나누어 내려받아 주세요.`;

/** The file's rows with text in them, cells trimmed; or why the file cannot be read. */
export async function readTable(bytes: Uint8Array): Promise<Table> {
  if (bytes.length > MAX_BYTES) return { ok: false, message: tooLargeMessage(bytes.length) };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    try {
      const sheet = await readXlsxRows(bytes);
      return { ok: true, rows: trimmed(sheet.map((cells, i) => ({ line: i + 1, cells }))) };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0]))
    return {
      ok: false,
      message: "XLS(엑셀 97-2003) 파일은 읽지 못합니다. 엑셀에서 CSV로 저장해 올려 주세요.",
    };
  const text = decodeText(bytes);
  // A tab near the top: TSV (Naver's API reports, Excel's "유니코드 텍스트"); otherwise CSV.
  const delimiter = text.slice(0, 4096).includes("\t") ? "\t" : ",";
  try {
    return { ok: true, rows: trimmed(parseDelimited(text, delimiter)) };
  } catch (error) {
    if (error instanceof UnclosedQuote) return { ok: false, message: error.message };
    throw error;
  }
}
