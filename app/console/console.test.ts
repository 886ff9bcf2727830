import { describe, expect, it } from "vitest";
import { siteQuery, switchHref } from "./console";

describe("the console's switcher (issue 39, item 6)", () => {
  it("opens the same page for another complex, ?site=<id> unless it is the host's", () => {
    expect(switchHref("/admin/content", "suwon", "anyang")).toBe("/admin/content?site=suwon");
    expect(switchHref("/admin/content", "anyang", "anyang")).toBe("/admin/content");
    expect(switchHref("/admin/", "suwon", "anyang")).toBe("/admin?site=suwon");
    expect(siteQuery("suwon", "anyang")).toBe("?site=suwon");
  });

  it("opens a detail's list (a post, a card, an account) and a complex's own page for the other", () => {
    expect(switchHref("/admin/leads/c123", "suwon", "anyang")).toBe("/admin/leads?site=suwon");
    expect(switchHref("/admin/press/p1", "anyang", "anyang")).toBe("/admin/press");
    expect(switchHref("/admin/press/new", "suwon", "anyang")).toBe("/admin/press?site=suwon");
    expect(switchHref("/admin/sites/anyang", "suwon", "anyang")).toBe("/admin/sites/suwon");
  });
});
