import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodeText, MAX_BYTES, parseDelimited, readTable } from "./read-table";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("a CSV or TSV file's rows", () => {
  it("keeps commas, doubled quotes and line breaks inside quotes, with each row's first line", () => {
    const text = 'a,"b, c","say ""hi"""\r\n"two\r\nlines",x,\r\nlast,row,3\r\n';
    expect(parseDelimited(text, ",")).toEqual([
      { line: 1, cells: ["a", "b, c", 'say "hi"'] },
      { line: 2, cells: ["two\r\nlines", "x", ""] },
      { line: 4, cells: ["last", "row", "3"] },
    ]);
  });

  it("reads tabs as the delimiter of a TSV, commas then staying inside cells", () => {
    expect(parseDelimited("20260122\t1,234\tx\n20260123\t5\ty", "\t")).toEqual([
      { line: 1, cells: ["20260122", "1,234", "x"] },
      { line: 2, cells: ["20260123", "5", "y"] },
    ]);
  });

  it("skips blank lines, trims cells and picks TSV when the top has a tab", async () => {
    const table = await readTable(utf8("\r\n a \t b \r\n\r\n\t\r\nc\td\r\n"));
    expect(table).toEqual({
      ok: true,
      rows: [
        { line: 2, cells: ["a", "b"] },
        { line: 5, cells: ["c", "d"] },
      ],
    });
  });

  it("refuses a file whose quote never closes, naming the line", async () => {
    expect(await readTable(utf8('a,b\r\nc,"open\r\nd,e\r\n'))).toEqual({
      ok: false,
      message: "2번째 줄의 따옴표가 닫히지 않았습니다.",
    });
  });
});

describe("a file's encoding", () => {
  it("is UTF-8 with or without a BOM", () => {
    expect(decodeText(utf8("\uFEFF캠페인,비용"))).toBe("캠페인,비용");
    expect(decodeText(utf8("캠페인,비용"))).toBe("캠페인,비용");
  });

  it("is CP949 (Korean Excel's CSV) when the bytes are not UTF-8", () => {
    const bytes = iconv.encode("캠페인,총비용(VAT포함,원),똠방각하", "cp949");
    expect(decodeText(bytes)).toBe("캠페인,총비용(VAT포함,원),똠방각하");
  });

  it("is UTF-16 after a BOM, as Excel's 유니코드 텍스트 writes", () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("일\t비용", "utf16le")]);
    expect(decodeText(bytes)).toBe("일\t비용");
  });
});

describe("files refused as a whole", () => {
  it("refuses a file over 10 MB before reading it", async () => {
    const table = await readTable(new Uint8Array(MAX_BYTES + 1).fill(0x41));
    expect(table).toEqual({
      ok: false,
      message: "파일이 10MB를 넘습니다 (10.0MB). 기간을 나누어 내려받아 주세요.",
    });
  });

  it("says a broken XLSX workbook cannot be read, and an old XLS neither", async () => {
    const xlsx = await readTable(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]));
    expect(xlsx.ok).toBe(false);
    expect((xlsx as { message: string }).message).toContain("XLSX 파일을 읽지 못했습니다");
    const xls = await readTable(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]));
    expect((xls as { message: string }).message).toContain(
      "XLS(엑셀 97-2003) 파일은 읽지 못합니다",
    );
  });
});
