import { isRequired, kindOf, type FieldSchema } from "./form-schema";

/*
 * The console's editor in sections (docs/decisions/044-editor-sections.md), in the order of the
 * site's menu: each group is a page of its own (/admin/content/<group>), and each group holds sections, a section being a
 * part of a complex's content by its path (a top-level key, or a part of one: `infoPages` and
 * `artwork` are split among the groups whose pages they fill). Every top-level key of the schema
 * lands in a group (groups.test.ts); one this table does not name goes to 기타.
 */

export type ConsoleGroup = { id: string; title: string; sections: string[] };

export const CONSOLE_GROUPS: ConsoleGroup[] = [
  // 단지 기본 정보 first: what makes a complex itself, which other texts name by placeholder.
  { id: "identity", title: "기본 정보", sections: ["identity"] },
  { id: "brand", title: "브랜드", sections: ["infoPages.brandStory", "brandVideo"] },
  {
    id: "business",
    title: "사업안내",
    sections: [
      "project",
      "overviewRows",
      "infoPages.overviewPage",
      "infoPages.schedule",
      "infoPages.documents",
    ],
  },
  {
    id: "sales",
    title: "분양안내",
    sections: ["announcement", "subscriptionGuide", "salesGuide", "stampTax", "remainingUnits"],
  },
  {
    id: "location",
    title: "입지",
    sections: [
      "infoPages.locationPage",
      "locationHighlights",
      "infoPages.premiumPage",
      "premiumCards",
    ],
  },
  // The drawn pictures and the long lists have pages of their own: a page stays under 150 KB.
  { id: "location-map", title: "입지 지도", sections: ["artwork.locationMap"] },
  { id: "complex", title: "단지정보", sections: ["infoPages.sitePlan", "infoPages.community"] },
  { id: "site-plan", title: "배치도 그림", sections: ["artwork.sitePlan"] },
  { id: "unit-positions", title: "동호수 배치", sections: ["infoPages.unitPositions"] },
  { id: "units", title: "주택형", sections: ["unitTypes", "floorPlanPage", "videoTabs"] },
  { id: "vr", title: "VR", sections: ["vr"] },
  { id: "interior", title: "인테리어", sections: ["interiors", "infoPages.interiorPage"] },
  { id: "promotion", title: "홍보센터", sections: ["modelHouse", "contact", "press"] },
  { id: "home", title: "홈 화면", sections: ["home"] },
  { id: "legal", title: "법적 고지", sections: ["legal", "privacy"] },
  {
    id: "channels",
    title: "채널",
    sections: ["phoneBySource", "tracking", "kakao", "sms", "seo", "familySites"],
  },
  { id: "menu", title: "메뉴", sections: ["menu", "videoMenu"] },
  { id: "pages", title: "페이지", sections: ["pages"] },
  {
    id: "other",
    title: "기타",
    sections: ["id", "hosts", "default", "theme", "images", "redirects", "notice"],
  },
];

/** The groups with their sections for this schema: parts the table does not name join 기타. */
export function consoleGroups(schema: FieldSchema): ConsoleGroup[] {
  const listed = CONSOLE_GROUPS.flatMap((g) => g.sections);
  // A top-level key split among groups leaves out none of its own keys.
  const rest = Object.entries(schema.properties ?? {}).flatMap(([key, child]) => {
    const split = listed.filter((s) => s.startsWith(`${key}.`));
    if (split.length === 0) return listed.includes(key) ? [] : [key];
    if (kindOf(child) !== "object") return [];
    return Object.keys(child.properties ?? {})
      .map((k) => `${key}.${k}`)
      .filter((s) => !split.includes(s));
  });
  const known = (path: string) => {
    let node: FieldSchema | undefined = schema;
    for (const segment of path.split(".")) node = node?.properties?.[segment];
    return node !== undefined;
  };
  return CONSOLE_GROUPS.map((g) => ({
    ...g,
    sections: [...g.sections.filter(known), ...(g.id === "other" ? rest : [])],
  })).filter((g) => g.sections.length > 0);
}

/** The first section: where `/admin/content` goes, and a link to no field in particular. */
export const FIRST_GROUP = CONSOLE_GROUPS[0]!.id;

/** Whether `path` (dotted) is the section `section` or a field inside it. */
const within = (path: string, section: string) =>
  path === section || path.startsWith(`${section}.`);

/**
 * The group whose page holds the field at `path` (a dotted name, `home.hero.wide.$file`): the one
 * of the sections table that holds it, else 기타 (where consoleGroups puts the rest); none (`""`)
 * and the leftovers panel (`leftovers`) go to the first.
 */
export function groupOfPath(path: string): string {
  if (path === "" || path === "leftovers") return FIRST_GROUP;
  return CONSOLE_GROUPS.find((g) => g.sections.some((s) => within(path, s)))?.id ?? "other";
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The schema of one group's page: the top-level keys (and the parts of a split key) of its
 * sections only, each with its own rules, so that the page's form draws and reads back those only.
 */
export function sectionSchema(schema: FieldSchema, group: ConsoleGroup): FieldSchema {
  const properties: Record<string, FieldSchema> = {};
  for (const section of group.sections) {
    const [top, part] = section.split(".") as [string, string | undefined];
    const whole = schema.properties?.[top];
    if (!whole) continue;
    if (part === undefined) {
      properties[top] = whole;
      continue;
    }
    const child = whole.properties?.[part];
    if (!child) continue;
    const parent = properties[top] ?? { ...whole, properties: {} };
    parent.properties = { ...parent.properties, [part]: child };
    parent.required = whole.required?.filter((k) => k in parent.properties!);
    properties[top] = parent;
  }
  return {
    ...schema,
    properties,
    required: schema.required?.filter((k) => k in properties),
  };
}

/** The part of a complex's value one group's page edits (the same shape, its keys only). */
export function sectionValue(value: unknown, group: ConsoleGroup): Json {
  const site = isObject(value) ? value : {};
  const out: Json = {};
  for (const section of group.sections) {
    const [top, part] = section.split(".") as [string, string | undefined];
    if (!(top in site)) continue;
    if (part === undefined) out[top] = site[top];
    else if (isObject(site[top])) {
      const parent = (out[top] as Json | undefined) ?? {};
      if (part in site[top]) parent[part] = site[top][part];
      out[top] = parent;
    }
  }
  return out;
}

/**
 * `current` with one group's sections as `sent` has them (read back from that page's form), every
 * other part untouched. A section left out of `sent` is taken out; a split key (`artwork`) that is
 * optional goes when its page took it out and no other page has a part of it.
 */
export function mergeSection(
  schema: FieldSchema,
  current: Json,
  sent: Json,
  group: ConsoleGroup,
): Json {
  const out: Json = { ...current };
  for (const section of group.sections) {
    const [top, part] = section.split(".") as [string, string | undefined];
    if (part === undefined) {
      if (sent[top] === undefined) delete out[top];
      else out[top] = sent[top];
      continue;
    }
    const parent: Json = isObject(out[top]) ? { ...out[top] } : {};
    const given = isObject(sent[top]) ? sent[top][part] : undefined;
    if (given === undefined) delete parent[part];
    else parent[part] = given;
    if (sent[top] === undefined && Object.keys(parent).length === 0 && !isRequired(schema, top))
      delete out[top];
    else out[top] = parent;
  }
  return out;
}
