import { describe, expect, test } from "vitest";
import { siteJsonSchema } from "~/content/schema";
import { readSiteFile } from "~/sites/registry.server";
import { problemField, type FieldSchema } from "./form-schema";

/* A problem the build reports by its dotted path, shown where the console form has its control. */

const schema = siteJsonSchema() as FieldSchema;
const anyang = readSiteFile("sites/anyang") as { videoTabs: { title: string }[] };

describe("a publishing problem's field", () => {
  test("is the control's id and the labels that lead to it", () => {
    expect(problemField(schema, anyang, "identity.phone")).toEqual({
      id: "f-identity.phone",
      label: "단지 기본 정보 › 대표 전화",
    });
    expect(problemField(schema, anyang, "videoTabs.1.unitKey")).toEqual({
      id: "f-videoTabs.1.unitKey",
      label: `분양영상 › 2. ${anyang.videoTabs[1]!.title} › 주택형`,
    });
  });

  test("a picture's missing file is its upload; the whole document has no field", () => {
    expect(problemField(schema, anyang, "home.hero.wide").id).toBe("f-home.hero.wide");
    expect(problemField(schema, anyang, "home.hero.wide.src").id).toBe("f-home.hero.wide.$file");
    expect(problemField(schema, anyang, "")).toEqual({ id: "", label: "" });
  });
});
