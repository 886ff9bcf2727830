import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { afterAll, describe, expect, test } from "vitest";
import { identityStrings } from "~/lib/identity-strings";
import { blankContent } from "~/console/blank.server";
import { siteOfDocument } from "~/console/content-store.server";
import { resetSites, siteById } from "~/sites/registry.server";
import { renderPage } from "./render-page.test-support";

/*
 * Issue 39, item 3, "a blank start": a complex started blank, its numbers filled in as 게시 asks,
 * renders every one of its pages with its own name, none of the samples' facts, no empty figure,
 * and 준비 중 where its content is still missing.
 */

const name = "힐스테이트 동탄 레이크";
const doc = blankContent({ id: "dongtan", name, hosts: ["dongtan.example.com"] });
doc.identity.phone = "031-555-1234";
doc.privacy.optOutNumber = "080-123-4567";

const sampleFacts = ["anyang", "suwon"].flatMap((id) =>
  identityStrings(parse(readFileSync(`sites/${id}/site.yaml`, "utf8"))).map((f) => f.value),
);

/** Pages whose content a blank start does not have, and what each says instead. */
const pending: Record<string, string[]> = {
  "/": ["준비 중"],
  "/BusinessGuide/intro": ["준비 중"],
  "/BusinessGuide/plan": ["준비중입니다"],
  "/BusinessGuide/documents": ["준비중입니다"],
  "/Brand/video": ["영상 준비중입니다"],
  "/LocationEnvironment/intro": ["준비중입니다"],
  "/ComplexGuide/intro": ["준비중입니다"],
  "/ComplexGuide/detailintro": ["준비중입니다"],
  "/ComplexGuide/community": ["준비중입니다"],
  "/FloorPlan/1A": ["준비 중"],
  "/FloorPlan/Emodel": ["VR 모델하우스 준비중입니다"],
  "/FloorPlan/videos": ["영상 준비중입니다"],
};

describe("a complex started blank", () => {
  const site = siteOfDocument("dongtan", doc);
  resetSites([site]);
  afterAll(() => resetSites());
  const served = siteById("dongtan")!;

  test.each(served.pages.map((p) => p.path))(
    "%s renders with its own name and none of the samples' facts",
    async (path) => {
      const html = await renderPage(served, path);
      expect(html).toContain(name);
      for (const fact of [...sampleFacts, "라움하임", "아벨루스"])
        expect(html, fact).not.toContain(fact);
      for (const broken of ["undefined", "NaN", "{단지명}", ">0세대<"])
        expect(html, broken).not.toContain(broken);
    },
  );

  test.each(Object.entries(pending))(
    "%s says 준비 중 where content is missing",
    async (path, says) => {
      const html = await renderPage(served, path);
      for (const text of says) expect(html).toContain(text);
    },
  );
});
