import { contentHref } from "~/lib/content-href";
import type { ConsoleGroup } from "./content-sections";
import {
  entryLabel,
  fieldAt,
  fieldId,
  imageOwnFields,
  isContainer,
  kindOf,
  RECORD_KEY,
  type FieldSchema,
} from "./form-schema";

/*
 * 항목 찾기 over every section of the editor (issue 39, item 5): a field is found by its label (and
 * those of the groups around it), its help text and its value as the draft holds it, and by the
 * few other words people use for the fields they look for most (SYNONYMS). Made on the server from
 * the whole draft, so that a section's page carries neither the other sections' schema nor their
 * values; each result is a link to the field on its section's page (./content-href.ts).
 */

/**
 * Other words for a field, by the field's path: "메인 색" finds 대표 색. Small on purpose; a word
 * typed is matched with its spaces left out ("메인색" too).
 */
const SYNONYMS: Record<string, string[]> = {
  "identity.color": ["대표 색", "메인 색", "브랜드 색", "주 색상", "테마 색"],
  "home.hero.wide": ["메인 사진", "대표 사진", "첫 화면 사진", "메인 그림", "메인 이미지"],
  "home.hero.tall": ["메인 사진", "대표 사진", "첫 화면 사진", "메인 그림", "메인 이미지"],
  "identity.phone": ["전화", "대표번호", "전화번호", "연락처"],
  "identity.logo": ["로고", "심볼"],
  "identity.address": ["주소", "위치", "소재지"],
  "identity.developer": ["시행사", "시행"],
  "identity.builder": ["시공사", "시공", "건설사"],
};

export type SearchEntry = {
  id: string;
  /** The labels from the group's title down to the field's. */
  trail: string[];
  /** The labels, lower case, for matching. */
  text: string;
  /** The field's help text and (a text field's) value, lower case. */
  help: string;
  value: string;
};

export type SearchResult = { id: string; trail: string[]; href: string; group: string };

const lower = (s: string | undefined) => (s ?? "").toLowerCase();
const squeeze = (s: string) => s.replace(/\s+/g, "");

/** Every field of the form, each with the labels of the groups around it, its help and its value. */
export function searchIndex(
  schema: FieldSchema,
  root: unknown,
  groups: ConsoleGroup[],
): (SearchEntry & { group: string })[] {
  const out: (SearchEntry & { group: string })[] = [];
  let group = "";
  const push = (id: string, trail: string[], node: FieldSchema | undefined, value: unknown) =>
    out.push({
      id,
      trail,
      group,
      text: trail.join(" ").toLowerCase(),
      help: lower(node?.description),
      value: typeof value === "string" || typeof value === "number" ? lower(String(value)) : "",
    });
  const visit = (node: FieldSchema, value: unknown, name: string, trail: string[]) => {
    const kind = kindOf(node);
    push(fieldId(name), trail, node, isContainer(kind) ? undefined : value);
    // A group that is absent (optional) shows only its add button.
    if (!isContainer(kind) || value === undefined) return;
    if (kind === "object" || kind === "image") {
      const props = kind === "image" ? imageOwnFields(node) : (node.properties ?? {});
      for (const [key, child] of Object.entries(props)) {
        const v = (value as Record<string, unknown>)[key];
        visit(child, v, `${name}.${key}`, [...trail, child.title ?? key]);
      }
    } else if (kind === "array" || kind === "tuple") {
      const items = Array.isArray(value) ? value : [];
      items.forEach((item, i) => {
        const child = kind === "array" ? node.items : node.prefixItems?.[i];
        if (!child) return;
        // As the form labels it: an entry of fields by what names it, a text by its number.
        const label =
          kind === "tuple"
            ? (child.title ?? String(i))
            : isContainer(kindOf(child))
              ? entryLabel(i, item)
              : `${child.title ?? node.title ?? ""} ${i + 1}`;
        visit(child, item, `${name}.${i}`, [...trail, label]);
      });
    } else if (kind === "record") {
      Object.entries((value ?? {}) as Record<string, unknown>).forEach(([key, v], i) => {
        const label = [...trail, entryLabel(i, v, key)];
        push(
          fieldId(`${name}.${i}.${RECORD_KEY}`),
          [...label, node.propertyNames?.title ?? "키"],
          node.propertyNames,
          key,
        );
        visit(node.additionalProperties as FieldSchema, v, `${name}.${i}`, label);
      });
    }
  };
  for (const g of groups) {
    group = g.id;
    for (const section of g.sections) {
      const at = fieldAt(schema, root, section.split("."));
      if (at.schema) visit(at.schema, at.value, section, [g.title, at.schema.title ?? section]);
    }
  }
  return out;
}

/** The fields another word of the query names (SYNONYMS), by id. */
function synonymIds(query: string): Set<string> {
  const typed = squeeze(query.toLowerCase());
  const ids = new Set<string>();
  if (!typed) return ids;
  for (const [path, words] of Object.entries(SYNONYMS))
    if (
      words.some((w) => squeeze(w) === typed || (typed.length >= 2 && squeeze(w).includes(typed)))
    )
      ids.add(fieldId(path));
  return ids;
}

/** Why a field was found: another word for it, its label, or its help text or value. */
export type FoundBy = "synonym" | "label" | "text";

/**
 * The fields the query finds, in this order: those another word names (SYNONYMS); those whose
 * labels (their own and their groups') hold every word, one at least in their own label (a group
 * that matches by its title lists itself, not each field in it); then those whose help text or
 * value holds the words the labels do not.
 */
export function matchFields<E extends SearchEntry>(
  index: E[],
  query: string,
): (E & { by: FoundBy })[] {
  const parts = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!parts.length) return [];
  const named = synonymIds(query);
  const label = (e: E) =>
    parts.every((p) => e.text.includes(p)) &&
    parts.some((p) => e.trail.at(-1)!.toLowerCase().includes(p));
  const text = (e: E) =>
    parts.every((p) => e.text.includes(p) || e.help.includes(p) || e.value.includes(p)) &&
    parts.some((p) => e.help.includes(p) || e.value.includes(p));
  const by = (e: E): FoundBy | null =>
    named.has(e.id) ? "synonym" : label(e) ? "label" : text(e) ? "text" : null;
  const found = index.flatMap((e) => {
    const why = by(e);
    return why ? [{ ...e, by: why }] : [];
  });
  const order: FoundBy[] = ["synonym", "label", "text"];
  return order.flatMap((why) => found.filter((e) => e.by === why));
}

/** At most this many results are listed. */
export const MAX_RESULTS = 40;

/** The search over a complex's draft, each result a link to its field's section page. */
export function searchContent(
  schema: FieldSchema,
  value: unknown,
  groups: ConsoleGroup[],
  siteId: string,
  query: string,
): { results: SearchResult[]; total: number } {
  if (!query.trim()) return { results: [], total: 0 };
  const found = matchFields(searchIndex(schema, value, groups), query.trim());
  return {
    total: found.length,
    results: found.slice(0, MAX_RESULTS).map((e) => ({
      id: e.id,
      trail: e.trail,
      group: e.group,
      href: contentHref(siteId, e.id),
    })),
  };
}
