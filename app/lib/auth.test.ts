import { describe, expect, it } from "vitest";
import { safeRedirect } from "./auth";

describe("safeRedirect", () => {
  it("keeps a path of this site, with its query and hash", () => {
    expect(safeRedirect("/admin/leads?status=new#x")).toBe("/admin/leads?status=new#x");
    expect(safeRedirect("/anyang/press", "/")).toBe("/anyang/press");
    // Percent-encoding stays encoded: still a path here.
    expect(safeRedirect("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });

  it.each([
    "//evil.example/",
    "/\\evil.example",
    "https://evil.example/admin",
    "javascript:alert(1)",
    "admin",
    "/admin\n/x",
    "",
    null,
    undefined,
    42,
  ])("falls back for %j", (to) => {
    expect(safeRedirect(to, "/admin")).toBe("/admin");
  });
});
