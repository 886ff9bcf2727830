import type { IdentityString } from "~/lib/identity-strings";
import { problemField, type FieldSchema } from "./form-schema";

/*
 * The leftover check (issue 39, item 4): in a complex copied from another, every text field that
 * still holds one of the source's identity strings (app/lib/identity-strings.ts, recorded at copy
 * time: app/console/copy-source.server.ts). Listed in the editor as 원본 단지 내용 (N곳) and refused
 * at 게시, but for the fields the editor marked 그대로 두기 (kept: the field's path and the value it
 * was kept with; a field changed since is asked about again).
 */

/** A field holding the source's identity: its path in the document, its value, what it holds. */
export type Leftover = { path: string; value: string; found: IdentityString[] };

/** The fields marked 그대로 두기: path → the value it had when marked. */
export type KeptFields = Record<string, string>;

/**
 * Compared without spaces and hyphens (`1600 0000`, `16000000` and `1600-0000` are one number;
 * `라움하임평촌센트럴` is the name), and latin letters without case.
 */
const normalized = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\-‐-―]/g, "");

/** A file's address in a slot (a picture's, a film's): the pictures are not text. */
const FILE_PATH = /^(sites|art|media)\/\S+$/;

type Needle = IdentityString & { text: string; test: (haystack: string) => boolean };

/**
 * The strings worth looking for: at least 2 characters once normalised; a number (phone, business
 * number) of at least 7 digits, not inside a longer number; a latin word (id, host) not inside a
 * longer word.
 */
function needles(identity: IdentityString[]): Needle[] {
  const out: Needle[] = [];
  for (const item of identity) {
    const text = normalized(item.value);
    if (text.length < 2) continue;
    const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (/^\d+$/.test(text)) {
      if (text.length < 7) continue;
      const re = new RegExp(`(?<!\\d)${escaped}(?!\\d)`);
      out.push({ ...item, text, test: (h) => re.test(h) });
    } else if (/^[a-z0-9.]+$/.test(text)) {
      const re = new RegExp(`(?<![a-z0-9])${escaped}(?![a-z0-9])`);
      out.push({ ...item, text, test: (h) => re.test(h) });
    } else {
      out.push({ ...item, text, test: (h) => h.includes(text) });
    }
  }
  // Longest first: a field holding the name is named by the name, not also by its parts.
  return out.sort((a, b) => b.text.length - a.text.length);
}

/** Every string leaf of a document with its dotted path (list items by index, records by key). */
function strings(value: unknown, path: string, out: { path: string; value: string }[]) {
  if (typeof value === "string") out.push({ path, value });
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}.${i}`, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

/**
 * The fields of `content` that hold any of `identity` (the source's), split into those still to
 * fix (`open`) and those the editor marked kept with their current value (`kept`). A root `id`
 * is the copy's own and never listed.
 */
export function findLeftovers(
  content: unknown,
  identity: IdentityString[],
  keptFields: KeptFields = {},
): { open: Leftover[]; kept: Leftover[] } {
  const wanted = needles(identity);
  const open: Leftover[] = [];
  const kept: Leftover[] = [];
  if (!wanted.length) return { open, kept };
  for (const leaf of strings(content, "", [])) {
    if (leaf.path === "id" || FILE_PATH.test(leaf.value)) continue;
    const haystack = normalized(leaf.value);
    const found: Needle[] = [];
    for (const needle of wanted) {
      if (found.some((f) => f.text.includes(needle.text))) continue;
      if (needle.test(haystack)) found.push(needle);
    }
    if (!found.length) continue;
    const leftover = {
      path: leaf.path,
      value: leaf.value,
      found: found.map(({ what, value }) => ({ what, value })),
    };
    (keptFields[leaf.path] === leaf.value ? kept : open).push(leftover);
  }
  return { open, kept };
}

/** `“라움하임”(브랜드), “평촌”(지역 이름)` */
export const foundText = (found: IdentityString[]) =>
  found.map((f) => `“${f.value}”(${f.what})`).join(", ");

/** A leftover as the console lists it: the field's control and its Korean label trail. */
export type LabelledLeftover = Leftover & { id: string; label: string };

export function labelLeftovers(
  schema: FieldSchema,
  content: unknown,
  leftovers: Leftover[],
): LabelledLeftover[] {
  return leftovers.map((l) => {
    const { id, label } = problemField(schema, content, l.path);
    return { ...l, id, label: label || l.path };
  });
}

/** A leftover as the console lists it (the page's data): its field, label trail and what it holds. */
type LeftoverRow = { path: string; id: string; label: string; found: string };

/** A copy's leftovers for the console: the source's name, the fields to fix, those kept. */
export type LeftoverList = { sourceName: string; open: LeftoverRow[]; kept: LeftoverRow[] };

export function leftoverList(
  schema: FieldSchema,
  content: unknown,
  { sourceName, open, kept }: { sourceName: string; open: Leftover[]; kept: Leftover[] },
): LeftoverList {
  const rows = (list: Leftover[]) =>
    labelLeftovers(schema, content, list).map((l) => ({
      path: l.path,
      id: l.id,
      label: l.label,
      found: foundText(l.found),
    }));
  return { sourceName, open: rows(open), kept: rows(kept) };
}

/**
 * A leftover as one of publishing's problems, at its field (`leftover`: the publish page explains
 * them once, above the list).
 */
export const leftoverProblem = (l: Leftover) => ({
  path: l.path,
  message: `원본 단지 내용 ${foundText(l.found)}이(가) 남아 있습니다`,
  leftover: true as const,
});

/** A string of the source's that open leftovers hold as written: what it is, and in how many fields. */
export type LeftoverTerm = IdentityString & { fields: number };

/**
 * The source's strings that open leftovers hold letter for letter, most fields first: what
 * 한꺼번에 바꾸기 offers (a field matched only without its spaces or hyphens is fixed by hand).
 */
export function leftoverTerms(open: Leftover[]): LeftoverTerm[] {
  const terms = new Map<string, LeftoverTerm>();
  for (const l of open)
    for (const f of l.found) {
      if (!l.value.includes(f.value)) continue;
      const term = terms.get(f.value) ?? { ...f, fields: 0 };
      term.fields++;
      terms.set(f.value, term);
    }
  return [...terms.values()].sort((a, b) => b.fields - a.fields || a.value.localeCompare(b.value));
}

/**
 * 한꺼번에 바꾸기: `from` (one of the source's strings) written as `to` in every open leftover that
 * holds it, in place in `content`; the number of fields changed. Fields marked kept, and fields
 * that are not leftovers, are left as they are.
 */
export function replaceInLeftovers(
  content: unknown,
  open: Leftover[],
  from: string,
  to: string,
): number {
  if (!from) return 0;
  let changed = 0;
  for (const l of open) {
    if (!l.found.some((f) => f.value === from) || !l.value.includes(from)) continue;
    const keys = l.path.split(".");
    let at = content as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) at = at?.[key] as Record<string, unknown>;
    const last = keys[keys.length - 1]!;
    if (!at || at[last] !== l.value) continue;
    at[last] = l.value.split(from).join(to);
    changed++;
  }
  return changed;
}
