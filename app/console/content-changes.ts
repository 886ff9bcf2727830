import { problemField, type FieldSchema } from "./form-schema";

/*
 * The fields changed between two documents of a complex as the console's history shows them: by
 * the Korean labels that lead to each (주택형 › 2. 84A › 평면도), old and new value shortened, a
 * picture once, by its file's name (its file, width and height change together).
 */

export type FieldChange = { path: string; old: unknown; new: unknown };
export type ChangeRow = { path: string; label: string; old: string; new: string };

/** Longer values are cut here, with "…". */
const SHOWN_CHARS = 80;

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

const isPicture = (v: unknown): v is { src: string } =>
  isObject(v) && typeof v.src === "string" && ("alt" in v || "width" in v);

/** A picture by its file's name: `media/ab12-4000x3000.jpg` → `ab12-4000x3000.jpg`. */
const fileName = (src: string) => src.split(/[/\\]/).pop() || src;

const cut = (text: string) =>
  text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;

/** A value as one short line of the table. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return "(없음)";
  if (isPicture(value)) return fileName(value.src);
  if (typeof value === "string") return cut(value.replace(/\s+/g, " ").trim());
  if (typeof value === "number" || typeof value === "boolean")
    return typeof value === "boolean" ? (value ? "예" : "아니오") : String(value);
  if (Array.isArray(value)) return value.length ? `항목 ${value.length}개` : "(없음)";
  return cut(JSON.stringify(value));
}

function at(doc: unknown, path: string[]): unknown {
  let v = doc;
  for (const segment of path) {
    if (Array.isArray(v)) v = v[Number(segment)];
    else if (isObject(v)) v = v[segment];
    else return undefined;
  }
  return v;
}

/** `changes` (diffContent's, before → after) as rows of labels and short values. */
export function describeChanges(
  schema: FieldSchema,
  before: unknown,
  after: unknown,
  changes: readonly FieldChange[],
): ChangeRow[] {
  const rows: ChangeRow[] = [];
  const seen = new Set<string>();
  for (const change of changes) {
    let path = change.path;
    let old = change.old;
    let now = change.new;
    const segments = path.split(".");
    const parent = segments.slice(0, -1);
    const leaf = segments.at(-1) ?? "";
    if (
      ["src", "width", "height"].includes(leaf) &&
      (isPicture(at(before, parent)) || isPicture(at(after, parent)))
    ) {
      path = parent.join(".");
      old = at(before, parent);
      now = at(after, parent);
    }
    if (seen.has(path)) continue;
    seen.add(path);
    // An entry removed has its labels in the older document.
    const label =
      problemField(schema, now === undefined ? before : after, path).label ||
      (path ? path : "콘텐츠 전체");
    rows.push({ path, label, old: shownValue(old), new: shownValue(now) });
  }
  return rows;
}
