import { describe, expect, it } from "vitest";
import { upgradeDocument } from "~/content/identity";
import { documentProblems } from "./content-store.server";
import { cropBox } from "~/media/hero-crop.server";
import { applyUnits, colorOf, unitRows } from "./guided-start.server";
import { readSiteFile } from "~/sites/registry.server";

const anyang = () => upgradeDocument(readSiteFile("sites/anyang")) as Record<string, unknown>;

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("the guided start's steps", () => {
  it("cuts around the focal point, inside the picture", () => {
    // 3000×2000 to 16:10: full width would be 3200, so full height and 3000 wide is too wide.
    expect(cropBox(3000, 2000, 1.6, { x: 0, y: 50 })).toEqual({
      left: 0,
      top: 63,
      width: 3000,
      height: 1875,
    });
    expect(cropBox(3000, 2000, 1170 / 1890, { x: 100, y: 50 })).toEqual({
      left: 3000 - 1238,
      top: 0,
      width: 1238,
      height: 2000,
    });
  });

  it("renames, removes and adds unit types, and the document stays whole", () => {
    const content = anyang();
    const rows = unitRows(content);
    const fields: [string, string][] = rows.flatMap((u) => [
      [`label-${u.key}`, u.key === rows[0]!.key ? "49T" : u.label],
      [`area-${u.key}`, u.exclusiveArea],
      [`households-${u.key}`, u.households],
    ]);
    fields.push(
      ["remove", rows[2]!.key],
      ["new-label", "59X"],
      ["new-area", "59.9"],
      ["new-households", "40"],
    );
    expect(applyUnits(content, form(fields)).errors).toEqual({});
    expect(unitRows(content).map((u) => u.label)).toEqual([
      "49T",
      ...rows
        .slice(1)
        .filter((_, i) => i !== 1)
        .map((u) => u.label),
      "59X",
    ]);
    expect(documentProblems("anyang", content)).toEqual([]);
  });

  it("refuses bad unit values at their fields, the typed values kept", () => {
    const content = anyang();
    const key = unitRows(content)[0]!.key;
    const answer = applyUnits(
      content,
      form([
        [`label-${key}`, ""],
        [`area-${key}`, "넓음"],
        [`households-${key}`, "1.5"],
      ]),
    );
    expect(answer.errors).toMatchObject({
      [`label-${key}`]: "주택형 이름을 입력해 주세요",
      [`area-${key}`]: expect.stringContaining("전용면적"),
      [`households-${key}`]: expect.stringContaining("세대수"),
    });
    expect(answer.values[`area-${key}`]).toBe("넓음");
  });

  it("refuses a 대표 색 under 4.5:1 on white with the contrast check's words", () => {
    const content = anyang();
    const light = colorOf(
      form([
        ["color", "#9ad0ff"],
        ["was", "#0f1f3d"],
      ]),
      content,
    );
    expect(light.error).toMatch(/명암 대비가 [\d.]+:1입니다/);
    expect(
      colorOf(
        form([
          ["color", "#1b4d3e"],
          ["was", "#0f1f3d"],
        ]),
        content,
      ),
    ).toEqual({
      value: "#1b4d3e",
    });
  });
});
