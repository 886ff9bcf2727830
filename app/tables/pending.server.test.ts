import { describe, expect, it } from "vitest";
import { shownFileName } from "./pending.server";

describe("an uploaded file's name as it is kept, shown and sent by SMS", () => {
  it("loses control characters and line breaks, keeps Korean, and is cut by whole characters", () => {
    expect(shownFileName("3월\r\n리드\u0000 목록\t.csv")).toBe("3월 리드 목록 .csv");
    expect(shownFileName("카카오\u202e폼.xlsx")).toBe("카카오 폼.xlsx");
    expect(shownFileName("\u0007\u200b \n")).toBe("이름 없는 파일");
    const long = shownFileName("😀".repeat(250));
    expect([...long]).toHaveLength(200);
    expect(long).toBe("😀".repeat(200));
  });
});
