/*
 * The strings that make a complex itself (issue 39, item 3): its names, addresses, the companies
 * behind it, its business facts, phone and hosts, read from a complex's document. A copy records
 * its source's (app/console/copy-source.server.ts) and lists every field that still holds one
 * (app/console/leftovers.ts).
 *
 * The facts live in one group, 단지 기본 정보 (`identity`, app/content/identity.ts); a document of the
 * older shape is read as upgraded.
 */
import { upgradeDocument } from "~/content/identity";

/** One fact of a complex: what it is, in Korean, and its value as the document has it. */
export type IdentityString = { what: string; value: string };

type Json = Record<string, unknown>;

const objectAt = (value: unknown, key: string): Json => {
  const v = value && typeof value === "object" ? (value as Json)[key] : undefined;
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {};
};
const textOf = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * The place names inside an address, as pages write them on their own: "경기도 안양시 동안구
 * 평촌동 934번지" → 안양시, 안양, 동안구, 평촌동, 평촌 (not the province, the road or the number). A
 * district's stem is left out (동안구 → "동안" is also an everyday word), as are stems that are
 * everyday words.
 */
function placeNames(address: string): string[] {
  const names: string[] = [];
  for (const word of address.split(/[\s,()]+/)) {
    const m = /^([가-힣]{2,})(특별자치시|특별시|광역시|시|군|구|동|읍|면)$/.exec(word);
    if (!m) continue;
    names.push(word);
    const [, stem, unit] = m as unknown as [string, string, string];
    if (unit !== "구" && unit !== "군" && !COMMON_STEMS.has(stem)) names.push(stem);
  }
  return names;
}

/** Stems of place names that are also ordinary words on any complex's pages. */
const COMMON_STEMS = new Set(["중앙", "신도", "시민", "도시", "대학", "역전", "본", "신"]);

/**
 * The identity strings of a complex's document, each value once: 단지명, 브랜드,
 * 사이트 이름, the complex's and the model house's addresses and the place names in them, 시행,
 * 시공, the business facts, the phone, the hosts and the complex's id.
 */
export function identityStrings(content: unknown): IdentityString[] {
  const doc = upgradeDocument(content);
  const identity = objectAt(doc, "identity");
  const business = objectAt(identity, "business");
  const root = (doc && typeof doc === "object" ? doc : {}) as Json;
  const facts: [string, unknown][] = [
    ["단지명", identity.name],
    ["브랜드", identity.brand],
    ["단지 주소", identity.address],
    ["견본주택 주소", identity.modelHouseAddress],
    ["시행", identity.developer],
    ["시공", identity.builder],
    ["분양 대행", identity.agency],
    ["상호", business.name],
    ["대표자", business.representative],
    ["사업자등록번호", business.registrationNumber],
    ["사업장 주소", business.address],
    ["대표 전화", identity.phone],
    ...(Array.isArray(root.hosts) ? root.hosts.map((h): [string, unknown] => ["호스트", h]) : []),
    ["단지 ID", root.id],
  ];
  const places = [identity.address, identity.modelHouseAddress, business.address].flatMap((a) =>
    placeNames(textOf(a)).map((name): [string, unknown] => ["지역 이름", name]),
  );
  // A company as pages also write it: without its legal form ("한결건설(주)" → 한결건설).
  const companies = (
    [
      ["시행", identity.developer],
      ["시공", identity.builder],
      ["분양 대행", identity.agency],
    ] as const
  ).map(([what, raw]): [string, unknown] => [what, companyStem(textOf(raw))]);
  // The brand's latin name where the document spells it beside the brand ("라움하임(RAUMHEIM)").
  const latin = brandLatin(JSON.stringify(root), textOf(identity.brand));
  const brand: [string, unknown][] = latin ? [["브랜드", latin]] : [];
  const seen = new Set<string>();
  const out: IdentityString[] = [];
  for (const [what, raw] of [...facts, ...companies, ...brand, ...places]) {
    const value = textOf(raw);
    if (!value || seen.has(value)) continue;
    seen.add(value);
    out.push({ what, value });
  }
  return out;
}

/** A company's name without its legal form: "한결건설(주)", "(주)한결건설", "주식회사 한결건설" → 한결건설. */
function companyStem(name: string): string {
  const stem = name
    .replace(/\(\s*(주|유|재|사)\s*\)|㈜|주식회사|유한회사/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return stem.length >= 2 && stem !== name ? stem : "";
}

/**
 * The brand's latin name, when the document writes it in brackets right after the brand
 * ("라움하임(RAUMHEIM)"): at least 3 letters, as written.
 */
function brandLatin(text: string, brand: string): string {
  if (!brand) return "";
  const escaped = brand.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const m = new RegExp(`${escaped}\\s*\\(([A-Za-z][A-Za-z .&-]{2,}[A-Za-z])\\)`).exec(text);
  return m ? m[1]! : "";
}
