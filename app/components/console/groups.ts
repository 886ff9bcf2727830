import { kindOf, type FieldSchema } from "~/lib/form-schema";

/*
 * The console's form in the order of the site's menu: each group holds sections, a section being a
 * part of a complex's content by its path (a top-level key, or a part of one: `infoPages` and
 * `artwork` are split among the groups whose pages they fill). Every top-level key of the schema
 * lands in a group (groups.test.ts); one this table does not name goes to 기타.
 */

export type ConsoleGroup = { id: string; title: string; sections: string[] };

export const CONSOLE_GROUPS: ConsoleGroup[] = [
  {
    id: "brand",
    title: "브랜드",
    sections: ["infoPages.brandStory", "brandVideo", "artwork.wordmark"],
  },
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
      "artwork.locationMap",
    ],
  },
  {
    id: "complex",
    title: "단지정보",
    sections: [
      "infoPages.sitePlan",
      "infoPages.unitPositions",
      "infoPages.community",
      "artwork.sitePlan",
    ],
  },
  {
    id: "units",
    title: "주택형",
    sections: ["unitTypes", "floorPlanPage", "videoTabs", "vr"],
  },
  { id: "interior", title: "인테리어", sections: ["interiors", "infoPages.interiorPage"] },
  { id: "promotion", title: "홍보센터", sections: ["modelHouse", "contact", "press"] },
  { id: "home", title: "홈 화면", sections: ["home"] },
  { id: "legal", title: "법적 고지", sections: ["legal", "privacy", "business"] },
  {
    id: "channels",
    title: "채널",
    sections: ["phoneBySource", "tracking", "kakao", "sms", "seo", "familySites"],
  },
  {
    id: "other",
    title: "기타",
    sections: [
      "id",
      "hosts",
      "default",
      "theme",
      "images",
      "menu",
      "videoMenu",
      "pages",
      "redirects",
      "notice",
    ],
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
