import { describe, expect, test } from "vitest";
import type { Site } from "~/content/schema";
import { formToObject } from "~/console/form-object";
import {
  RECORD_KEY,
  applyOp,
  fieldAt,
  fieldId,
  kindOf,
  nameOf,
  type FieldSchema,
  type FormOp,
} from "~/console/form-schema";
import { imageUrl, photoWidths } from "~/lib/images";
import { picturePreviews } from "~/console/content-store.server";
import { loadSite, readSiteFile } from "~/sites/registry.server";
import { matchFields, searchIndex } from "~/console/content-search";
import { CONSOLE_GROUPS, consoleGroups } from "./groups";
import { LONG_LIST } from "./fields";
import type { SchemaFormProps } from "./schema-form";
import { consoleSchema as schema, renderForm, sentEntries as sent } from "./test-support";

/*
 * The console's form is made from the schema alone: every part of a complex has its control, named
 * by its path, and what the form sends reads back into the complex it was drawn from.
 */

const samples = { anyang: loadSite("sites/anyang"), suwon: loadSite("sites/suwon") };

const rendered = new Map<unknown, ReturnType<typeof renderForm>>();
/** The form as the server renders it (no script has run); once per value. */
function render(value: unknown, props: Partial<SchemaFormProps> = {}) {
  if (Object.keys(props).length) return renderForm(value, props);
  if (!rendered.has(value)) rendered.set(value, renderForm(value));
  return rendered.get(value)!;
}

const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

type Part = { name: string; kind: string };

/** Every part of a value by the schema: each leaf, list, record (with each key) and group. */
function parts(node: FieldSchema, value: unknown, path: (string | number)[], out: Part[] = []) {
  if (value === undefined) return out;
  const kind = kindOf(node);
  if (path.length) out.push({ name: nameOf(path), kind });
  if (kind === "object" || kind === "image")
    for (const [key, child] of Object.entries(node.properties ?? {}))
      parts(child, (value as Record<string, unknown>)[key], [...path, key], out);
  else if (kind === "array")
    (value as unknown[]).forEach((v, i) => parts(node.items!, v, [...path, i], out));
  else if (kind === "tuple")
    (value as unknown[]).forEach((v, i) => parts(node.prefixItems![i]!, v, [...path, i], out));
  else if (kind === "record")
    Object.entries(value as Record<string, unknown>).forEach(([, v], i) => {
      out.push({ name: nameOf([...path, i, RECORD_KEY]), kind: "text" });
      parts(node.additionalProperties as FieldSchema, v, [...path, i], out);
    });
  return out;
}

/** The entries of the lists long enough to be folded undrawn (fields.tsx LONG_LIST), by name. */
function foldedEntries(site: Site) {
  const out: { name: string; value: unknown }[] = [];
  for (const { name, kind } of parts(schema, site, []))
    if (kind === "array") {
      const list = fieldAt(schema, site, name.split(".")).value as unknown[];
      const item = fieldAt(schema, site, [...name.split("."), 0]).schema;
      // (a long list inside a folded entry is not drawn at all)
      const within = out.some((f) => name.startsWith(`${f.name}.`));
      if (!within && list.length >= LONG_LIST && item && kindOf(item) === "object")
        list.forEach((value, i) => out.push({ name: `${name}.${i}`, value }));
    }
  return out;
}

/** The parts that have no control of their own name and id (a group: no fieldset) in `document`. */
function missingControls(document: Document, all: Part[]): string[] {
  // Looked up once: the controls by name, the elements by id, the labels' targets.
  const byName = new Map<string, Element>();
  for (const c of document.querySelectorAll("input[name], select[name], textarea[name]"))
    if (!byName.has(c.getAttribute("name")!)) byName.set(c.getAttribute("name")!, c);
  const byId = new Map([...document.querySelectorAll("[id]")].map((e) => [e.id, e]));
  const labelled = new Set([...document.querySelectorAll("label")].map((l) => l.htmlFor));
  // A part split among the menu's groups (infoPages, artwork) is drawn as its sections.
  const split = new Set(
    consoleGroups(schema).flatMap((g) =>
      g.sections.filter((s) => s.includes(".")).map((s) => s.split(".")[0]!),
    ),
  );
  const missing: string[] = [];
  for (const { name, kind } of all) {
    const element = byId.get(fieldId(name));
    const control = byName.get(name);
    if (
      kind === "object" ||
      kind === "array" ||
      kind === "record" ||
      kind === "tuple" ||
      kind === "image" ||
      kind === "file"
    ) {
      if (element?.tagName !== "FIELDSET" && !split.has(name)) missing.push(`${name}: no fieldset`);
      continue;
    }
    if (!control) missing.push(`${name}: no control`);
    // A picture's file, width and height are its upload's (hidden); every other control has a label.
    else if (!/\.(src|width|height)$/.test(name) || control.getAttribute("type") !== "hidden") {
      if (element !== control) missing.push(`${name}: id is not f-${name}`);
      else if (!labelled.has(element.id)) missing.push(`${name}: no label`);
    }
  }
  return missing;
}

describe("the console's form of a complex", () => {
  test("every field of the Anyang sample (each leaf, list and group) has its control, named by its path; a long list's folded entry, once opened", () => {
    const site = samples.anyang;
    const { document } = render(site);
    const all = parts(schema, site, []);
    expect(all.length).toBeGreaterThan(1500);
    // A long list's folded entries are sent whole in their marks, and drawn when opened.
    const folded = foldedEntries(site);
    expect(folded.map((f) => f.name)).toContain("pages.1");
    for (const { name, value } of folded) {
      const mark = document.querySelector<HTMLInputElement>(`input[type=hidden][name="${name}"]`);
      expect(mark, name).not.toBeNull();
      expect(JSON.parse(mark!.value), name).toEqual(asJson(value));
      expect(document.getElementById(fieldId(`${name}.title`)), name).toBeNull();
    }
    const inside = (name: string, entry: string) => name === entry || name.startsWith(`${entry}.`);
    const drawn = all.filter(({ name }) => !folded.some((f) => inside(name, f.name)));
    expect(missingControls(document, drawn)).toEqual([]);
    // Opened (without the script: 펼쳐서 고치기, the focus going into it), an entry has every control.
    const opened = render(site, { focus: fieldId("pages.1.title") }).document;
    const entry = all.filter(({ name }) => inside(name, "pages.1") && name !== "pages.1");
    expect(entry.length).toBeGreaterThan(5);
    expect(missingControls(opened, entry)).toEqual([]);
    expect(opened.querySelector('input[type=hidden][name="pages.1"]')?.getAttribute("value")).toBe(
      "",
    );
  });

  test("each picture shows its current file and asks for its alt text", () => {
    const site = samples.suwon;
    // The draft names its pictures as its file does; the server says where each one resolves.
    const draft = readSiteFile("sites/suwon");
    const { document } = render(draft, { previews: picturePreviews("suwon", draft) });
    // The complex's own logo (sites/suwon/images/), and a photo as its smallest variant.
    const logo = document.getElementById(fieldId("identity.logo"))!;
    expect(logo.querySelector("img")?.getAttribute("src")).toBe("/img/sites/suwon/brand/logo.svg");
    const hero = document.getElementById(fieldId("home.hero.wide"))!;
    // (a drawing the build made from the data, or the shared one: as the site resolves it)
    const wide = site.home.hero.wide;
    expect(hero.querySelector("img")?.getAttribute("src")).toBe(
      imageUrl(wide, photoWidths(wide)[0]),
    );
    expect(imageUrl(wide, photoWidths(wide)[0])).toMatch(/\/photo\/home-hero-wide-480\.webp$/);
    expect(hero.textContent).toContain("현재 그림: home-hero-wide.svg (1920×1200)");
    expect(document.getElementById(fieldId("home.hero.wide.alt"))?.hasAttribute("required")).toBe(
      true,
    );
    expect(
      document.getElementById(fieldId("images.bannerDefault.alt"))?.hasAttribute("required"),
    ).toBe(false);
    const file = document.getElementById(fieldId("home.hero.wide.$file"));
    expect(file?.getAttribute("type")).toBe("file");
  });

  for (const [id, site] of Object.entries(samples))
    test(`what the form sends reads back into the ${id} sample as it was`, () => {
      const { form } = render(site);
      const read = formToObject(schema, sent(form));
      expect(read.problems).toEqual([]);
      expect(asJson(read.value)).toEqual(asJson(site));
    });

  test("a list edit answered without the script keeps the rest of the form and reads back", () => {
    const site = samples.anyang;
    const op: FormOp = { op: "up", path: ["unitTypes", 2] };
    const moved = applyOp(site, schema, op) as Site;
    expect(moved.unitTypes.map((u) => u.key).slice(1, 3)).toEqual([
      site.unitTypes[2]!.key,
      site.unitTypes[1]!.key,
    ]);
    const { form } = render(moved, { focus: fieldId("unitTypes.1-up") });
    expect(asJson(formToObject(schema, sent(form)).value)).toEqual(asJson(moved));
    const document = form.ownerDocument;
    expect(document.getElementById(fieldId("unitTypes.1-up"))?.hasAttribute("autofocus")).toBe(
      true,
    );
  });

  test("references are lists of the complex's own entries", () => {
    const site = samples.anyang;
    const { document } = render(site);
    const unitKey = document.getElementById(fieldId("videoTabs.0.unitKey"))!;
    expect(unitKey.tagName).toBe("SELECT");
    expect([...unitKey.querySelectorAll("option")].map((o) => o.getAttribute("value"))).toEqual([
      "",
      ...site.unitTypes.map((u) => u.key),
    ]);
    const link = document.getElementById(fieldId("premiumCards.0.link"))!;
    expect(link.tagName).toBe("SELECT");
    expect(link.querySelectorAll("option").length).toBe(site.pages.length);
  });

  test("every top-level part of the schema is in one group of the menu, once", () => {
    const groups = consoleGroups(schema);
    expect(groups.map((g) => g.title)).toEqual(CONSOLE_GROUPS.map((g) => g.title));
    const sections = groups.flatMap((g) => g.sections);
    expect(new Set(sections).size).toBe(sections.length);
    for (const key of Object.keys(schema.properties!))
      expect(
        sections.some((s) => s === key || s.startsWith(`${key}.`)),
        key,
      ).toBe(true);
    // What the table does not name (a part added later) goes to 기타, not lost.
    const added = {
      ...schema,
      properties: { ...schema.properties, extra: { type: "string" as const, title: "새 항목" } },
    };
    expect(consoleGroups(added).at(-1)!.sections).toContain("extra");
    // 단지 기본 정보 comes first, whole (issue 39).
    expect(consoleGroups(schema)[0]).toMatchObject({ title: "기본 정보", sections: ["identity"] });
  });

  test("the search over labels finds the fields whose label holds the words, each a control of the form", () => {
    const site = samples.anyang;
    const { document } = render(site);
    const index = searchIndex(schema, site, consoleGroups(schema));
    // Found by their labels (help texts and values: app/console/content-search.test.ts).
    const found = (query: string) =>
      matchFields(index, query)
        .filter((m) => m.by === "label")
        .map((m) => m.trail.join(" › "));
    expect(found("대표 전화")).toEqual(["기본 정보 › 단지 기본 정보 › 대표 전화"]);
    // Each unit type's plan, by its label; the group's words narrow it to one.
    expect(found("평면도")).toEqual(
      site.unitTypes.map((u, i) => `주택형 › 주택형 › ${i + 1}. ${u.label} › 평면도`),
    );
    expect(found(`${site.unitTypes[1]!.label} 평면도`)).toHaveLength(1);
    expect(found("찾을수없는말")).toEqual([]);
    // Every result leads to a control (or group) of the form, or into a folded entry, whose box
    // goToField opens (field-search.tsx).
    const boxes = new Set(
      [...document.querySelectorAll("details[data-entry]")].map((d) =>
        d.getAttribute("data-entry"),
      ),
    );
    const boxOf = (id: string) => {
      const path = id.replace(/^f-/, "").split(".");
      for (let n = path.length; n > 0; n--)
        if (boxes.has(path.slice(0, n).join("."))) return path.slice(0, n).join(".");
      return null;
    };
    const missing = index
      .filter((e) => !document.getElementById(e.id) && !boxOf(e.id))
      .map((e) => e.id);
    expect(missing).toEqual([]);
  });
});
