import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.server";

describe("CSV files", () => {
  it("start with a BOM, end every row with CRLF and quote commas, quotes and line breaks", () => {
    expect(toCsv(["a", "b"], [['84A, "잔여"', "줄\n바꿈"]])).toBe(
      '\uFEFFa,b\r\n"84A, ""잔여""","줄\n바꿈"\r\n',
    );
  });

  it("defuse cells a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+82 10")).toBe("'+82 10");
    expect(csvCell("-1+2")).toBe("'-1+2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("010-1234-5678")).toBe("010-1234-5678");
  });
});
