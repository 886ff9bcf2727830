import { describe, expect, it } from "vitest";
import { safeRedirect } from "./auth";

describe("safeRedirect", () => {
  it("keeps a path of this site, with its query and hash", () => {
    expect(safeRedirect("/admin/leads?status=new#x")).toBe("/admin/leads?status=new#x");
    expect(safeRedirect("/anyang/press", "/")).toBe("/anyang/press");
    expect(safeRedirect("/")).toBe("/");
    // A query may hold anything: it is not where the browser goes.
    expect(safeRedirect("/admin?next=//evil.example")).toBe("/admin?next=//evil.example");
    // Korean in a path stays encoded; a lone "%" is this site's (its 400 page).
    expect(safeRedirect("/%EB%B6%84%EC%96%91")).toBe("/%EB%B6%84%EC%96%91");
    expect(safeRedirect("/100%")).toBe("/100%");
  });

  it("answers the path the browser will request: dot segments resolved, backslashes read as slashes", () => {
    expect(safeRedirect("/admin/../anyang/press")).toBe("/anyang/press");
    expect(safeRedirect("/admin/%2e%2e/anyang/press")).toBe("/anyang/press");
    expect(safeRedirect("/admin\\leads")).toBe("/admin/leads");
    expect(safeRedirect("/admin/./leads/")).toBe("/admin/leads/");
  });

  it.each([
    // Another site once the path is read as the browser reads it (issue 28, 10a).
    "/admin/..//evil.example",
    "/admin/../..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E%2E//evil.example",
    "/admin/%2e%2e/%2e%2e//evil.example",
    "/.//evil.example",
    "/admin/../\\evil.example",
    "/admin/../../\\\\evil",
    "/\\evil.example",
    "/\\/evil.example",
    // Encoded slashes and backslashes: another site to any layer that decodes first.
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/admin/..%2f..%2f/evil",
    "/admin/%252e%252e//evil.example",
    // Tabs and line breaks, which browsers drop: "/\t/evil.example" is "//evil.example".
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/admin\n/x",
    // Not a path.
    "//evil.example/",
    "///evil.example",
    "https://evil.example/admin",
    "http://this.site/admin",
    "javascript:alert(1)",
    " /admin",
    "\t//evil.example",
    "admin",
    "",
    null,
    undefined,
    42,
  ])("falls back for %j", (to) => {
    expect(safeRedirect(to, "/admin")).toBe("/admin");
  });
});
