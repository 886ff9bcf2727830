import type { FieldRef, FieldWidget } from "~/content/field-meta";

/*
 * A complex's JSON Schema (z.toJSONSchema of app/content/schema.ts, what sites/site.schema.json
 * holds) as the console's generated forms read it: what kind of control a field is, its name (the
 * value's path), its label, the edits of a list, and the field a problem of the value is shown at.
 * Beside it: the entries a reference offers (form-refs.ts), where the focus goes after an edit and
 * what is announced (form-focus.ts). Pure, for the browser and the server: no zod here
 * (docs/decisions/033-generated-forms.md).
 *
 * A control's name is its value's path joined by dots (`home.hero.title`, `unitTypes.2.key`). A
 * record (an object with keys of the editor's choosing: `images.banners`, `phoneBySource`) is a list
 * of entries: entry i's key is `<path>.<i>.$key`, its value `<path>.<i>` (or its fields under it).
 */

export type FieldSchema = {
  type?: "object" | "array" | "string" | "number" | "integer" | "boolean";
  title?: string;
  description?: string;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  additionalProperties?: FieldSchema | boolean;
  propertyNames?: FieldSchema;
  items?: FieldSchema;
  prefixItems?: FieldSchema[];
  minItems?: number;
  maxItems?: number;
  enum?: readonly (string | number)[];
  const?: unknown;
  anyOf?: FieldSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  readOnly?: boolean;
  widget?: FieldWidget;
  ref?: FieldRef;
};

export type FieldKind =
  | "object"
  | "record"
  | "array"
  | "tuple"
  | "image"
  | "file"
  | "text"
  | "number"
  | "boolean"
  | "choice";

/** The widgets of a file slot (not a picture): filled by its upload, drawn as one control. */
const FILE_WIDGETS: ReadonlySet<FieldWidget | undefined> = new Set([
  "video-file",
  "panorama",
  "pdf",
]);

export function kindOf(schema: FieldSchema): FieldKind {
  if (schema.widget === "image") return "image";
  if (FILE_WIDGETS.has(schema.widget)) return "file";
  if (schema.type === "object")
    return schema.properties
      ? "object"
      : typeof schema.additionalProperties === "object"
        ? "record"
        : "object";
  if (schema.type === "array") return schema.prefixItems ? "tuple" : "array";
  if (schema.type === "number" || schema.type === "integer") return "number";
  if (schema.type === "boolean") return "boolean";
  if (schema.enum || schema.ref) return "choice";
  return "text";
}

/** Kinds that hold other fields (and are drawn as a group of fields). */
export const isContainer = (kind: FieldKind) =>
  kind === "object" ||
  kind === "record" ||
  kind === "array" ||
  kind === "tuple" ||
  kind === "image" ||
  kind === "file";

export type NamePath = readonly (string | number)[];

/** A control's name: its path joined by dots. */
export const nameOf = (path: NamePath) => path.join(".");

/** The id of a field's control (or group) in the form. */
export const fieldId = (name: string) => `f-${name}`;

/** The record entry's key control under an entry's path. */
export const RECORD_KEY = "$key";

/** Whether a property of an object is required (else the form marks it 선택). */
export const isRequired = (parent: FieldSchema, key: string) =>
  parent.required?.includes(key) ?? false;

type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * One step down a name path: the schema and value of the part `segment` names. A record's entry
 * is its index; the segment after it may be `$key` (the entry's key: its `propertyNames`).
 */
function step(
  node: FieldSchema,
  value: unknown,
  segment: string | number,
  record?: { schema: FieldSchema; key: string },
): { node?: FieldSchema; value: unknown; record?: { schema: FieldSchema; key: string } } {
  if (segment === RECORD_KEY && record)
    return { node: record.schema.propertyNames, value: record.key };
  const kind = kindOf(node);
  if (kind === "record") {
    const keys = isObject(value) ? Object.keys(value) : [];
    const key = keys[Number(segment)];
    return {
      node: node.additionalProperties as FieldSchema,
      value: key !== undefined && isObject(value) ? value[key] : undefined,
      record: { schema: node, key: key ?? "" },
    };
  }
  if (kind === "array" || kind === "tuple")
    return {
      node: kind === "array" ? node.items : node.prefixItems?.[Number(segment)],
      value: Array.isArray(value) ? value[Number(segment)] : undefined,
    };
  if (kind === "object" || kind === "image" || kind === "file")
    return {
      node: node.properties?.[String(segment)],
      value: isObject(value) ? value[String(segment)] : undefined,
    };
  return { value: undefined };
}

/** The schema and value of the field at a name path (records by entry index). */
export function fieldAt(
  schema: FieldSchema,
  value: unknown,
  path: NamePath,
): { schema?: FieldSchema; value: unknown } {
  let at: ReturnType<typeof step> = { node: schema, value };
  for (const segment of path) {
    if (!at.node) return { value: undefined };
    at = step(at.node, at.value, segment, at.record);
  }
  return { schema: at.node, value: at.value };
}

/** The schema of the field at a name path, or undefined. */
const schemaAt = (schema: FieldSchema, path: NamePath) => fieldAt(schema, undefined, path).schema;

/** The value at a name path, or undefined. */
export const valueAt = (value: unknown, schema: FieldSchema, path: NamePath) =>
  fieldAt(schema, value, path).value;

/** A new entry of a list, or a field that was absent: empty texts, no numbers, required parts only. */
function emptyValue(schema: FieldSchema, depth = 0): unknown {
  const kind = kindOf(schema);
  switch (kind) {
    case "object":
    case "image":
    case "file": {
      const out: Json = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (!isRequired(schema, key)) continue;
        const v = emptyValue(child, depth + 1);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case "array":
      return depth > 8 || !schema.items
        ? []
        : Array.from({ length: schema.minItems ?? 0 }, () => emptyValue(schema.items!, depth + 1));
    case "tuple":
      return (schema.prefixItems ?? []).map((s) => emptyValue(s, depth + 1));
    case "record":
      return {};
    case "number":
      return undefined;
    case "boolean":
      return false;
    default:
      return "";
  }
}

/* ---------- Edits of lists and optional groups ---------- */

/**
 * add: a new last entry of the list (or record) at `path`; remove, up, down: of the entry at
 * `path` (its last segment the index); present: an optional group that was absent gets its empty
 * value; absent: an optional group goes; open: nothing changes, a folded entry of a long list is
 * drawn open (its 펼쳐서 고치기 button without the script, components/console/fields.tsx).
 */
export type FormOp = {
  op: "add" | "remove" | "up" | "down" | "present" | "absent" | "open";
  path: NamePath;
};

/** `up:unitTypes.2` as the no-script buttons send it (`$op`), or null. */
export function parseOp(text: string): FormOp | null {
  const m = /^(add|remove|up|down|present|absent|open):(.+)$/.exec(text);
  if (!m) return null;
  return {
    op: m[1] as FormOp["op"],
    path: m[2]!.split(".").map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
  };
}

export const opText = (op: FormOp) => `${op.op}:${nameOf(op.path)}`;

/** The value with `update` applied to the part at `path` (parents made as needed), untouched elsewhere. */
function updateAt(
  value: unknown,
  schema: FieldSchema,
  path: NamePath,
  update: (current: unknown, schema: FieldSchema) => unknown,
): unknown {
  if (path.length === 0) return update(value, schema);
  const [head, ...rest] = path;
  const child = schemaAt(schema, [head!]);
  if (!child) return value;
  if (kindOf(schema) === "record") {
    const entries = Object.entries(isObject(value) ? value : {});
    const i = Number(head);
    if (!entries[i]) return value;
    entries[i] = [entries[i][0], updateAt(entries[i][1], child, rest, update)];
    return Object.fromEntries(entries);
  }
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = updateAt(copy[Number(head)], child, rest, update);
    return copy;
  }
  const obj: Json = isObject(value) ? { ...value } : {};
  const next = updateAt(obj[String(head)], child, rest, update);
  if (next === undefined) delete obj[String(head)];
  else obj[String(head)] = next;
  return obj;
}

/** The value after a list or group edit; the same value when the edit does not apply. */
export function applyOp(root: unknown, schema: FieldSchema, { op, path }: FormOp): unknown {
  if (op === "open") return root;
  if (op === "present")
    return updateAt(root, schema, path, (current, s) => current ?? emptyValue(s));
  if (op === "absent") return updateAt(root, schema, path, () => undefined);
  if (op === "add")
    return updateAt(root, schema, path, (current, s) => {
      const kind = kindOf(s);
      if (kind === "record") {
        const obj = isObject(current) ? current : {};
        if ("" in obj) return obj;
        return { ...obj, "": emptyValue(s.additionalProperties as FieldSchema) };
      }
      if (kind !== "array" || !s.items) return current;
      const items = Array.isArray(current) ? current : [];
      if (s.maxItems !== undefined && items.length >= s.maxItems) return current;
      return [...items, emptyValue(s.items)];
    });
  const index = Number(path[path.length - 1]);
  return updateAt(root, schema, path.slice(0, -1), (current, s) => {
    const record = kindOf(s) === "record";
    const items: unknown[] = record
      ? Object.entries(isObject(current) ? current : {})
      : Array.isArray(current)
        ? [...current]
        : [];
    if (!(index >= 0 && index < items.length)) return current;
    if (op === "remove") {
      if (!record && s.minItems !== undefined && items.length <= s.minItems) return current;
      items.splice(index, 1);
    } else {
      const to = op === "up" ? index - 1 : index + 1;
      if (to < 0 || to >= items.length) return current;
      [items[index], items[to]] = [items[to], items[index]];
    }
    return record ? Object.fromEntries(items as [string, unknown][]) : items;
  });
}

/* ---------- Problems by field ---------- */

/**
 * The form's field for a problem at a path of the value (records by key, as zod reports them): the
 * deepest field the path reaches. A list entry named by its `path` or `key` instead of its index
 * (`pages./Brand/intro.menuUrl`) is found by it. A picture's file, width or height is its upload,
 * and so is any part of a file slot (a film's captions: their own upload).
 */
export function fieldKeyOf(schema: FieldSchema, value: unknown, path: readonly PropertyKey[]) {
  const out: (string | number)[] = [];
  let node: FieldSchema | undefined = schema;
  let v = value;
  for (const raw of path) {
    if (!node) break;
    const segment = typeof raw === "symbol" ? "" : raw;
    const kind = kindOf(node);
    if (kind === "image" && !(String(segment) in imageOwnFields(node)))
      return nameOf([...out, "$file"]);
    if (kind === "file") return nameOf([...out, fileControl(segment)]);
    if (kind === "record") {
      const keys = isObject(v) ? Object.keys(v) : [];
      const i = keys.indexOf(String(segment));
      if (i < 0) break;
      out.push(i);
      v = isObject(v) ? v[String(segment)] : undefined;
      node = node.additionalProperties as FieldSchema;
    } else if (kind === "array" || kind === "tuple") {
      let i = typeof segment === "number" ? segment : /^\d+$/.test(segment) ? Number(segment) : -1;
      if (i < 0 && Array.isArray(v))
        i = v.findIndex((e) => isObject(e) && (e.path === segment || e.key === segment));
      if (i < 0) break;
      out.push(i);
      v = Array.isArray(v) ? v[i] : undefined;
      node = kind === "array" ? node.items : node.prefixItems?.[i];
    } else if (kind === "object" || kind === "image") {
      const child: FieldSchema | undefined = node.properties?.[String(segment)];
      if (!child) break;
      out.push(String(segment));
      v = isObject(v) ? v[String(segment)] : undefined;
      node = child;
    } else break;
  }
  return nameOf(out);
}

/**
 * The upload control a file slot's problem is shown at (the slot is filled by it, its parts are
 * hidden): the captions' own upload for a film's captions, else the file's.
 */
const fileControl = (segment: string | number) => (segment === "captions" ? "$captions" : "$file");

const UPLOADED = new Set(["src", "width", "height"]);

/** A picture's fields the editor types (its alt text, a caption), beside the uploaded file's. */
export function imageOwnFields(schema: FieldSchema): Record<string, FieldSchema> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).filter(([key]) => !UPLOADED.has(key)),
  );
}

/** The labels from the top to the field at a name path: "주택형 › 2. 84A › 평면도 › 대체 텍스트". */
export function labelTrail(schema: FieldSchema, value: unknown, path: NamePath): string[] {
  const trail: string[] = [];
  let at: ReturnType<typeof step> = { node: schema, value };
  for (const segment of path) {
    if (!at.node) break;
    const listed = kindOf(at.node) === "array" || kindOf(at.node) === "record";
    at = step(at.node, at.value, segment, at.record);
    if (listed) trail.push(entryLabel(Number(segment), at.value, at.record?.key));
    else if (at.node?.title) trail.push(at.node.title);
  }
  return trail;
}

/**
 * Where the form shows a problem at a path of the value (a dotted path, as the build reports it):
 * its control's id and the labels that lead to it.
 */
export function problemField(
  schema: FieldSchema,
  value: unknown,
  path: string,
): { id: string; label: string } {
  if (!path) return { id: "", label: "" };
  const key = fieldKeyOf(schema, value, path.split("."));
  const trail = labelTrail(
    schema,
    value,
    key
      .split(".")
      .filter((s) => s !== "$file" && s !== "$captions" && s !== "")
      .map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
  );
  return { id: key ? fieldId(key) : "", label: trail.join(" › ") };
}

/** An entry of a list as its heading names it: "3. 84A" (its number and what names it). */
export function entryLabel(index: number, entry: unknown, key?: string): string {
  const name =
    key ??
    (isObject(entry)
      ? [
          entry.label,
          entry.title,
          entry.name,
          // A milestone by its label as the pages show it: 청약접수 (특별공급).
          str(entry.step) && str(entry.detail) ? `${str(entry.step)} (${str(entry.detail)})` : "",
          entry.step,
          entry.key,
          entry.path,
          entry.titleText,
        ]
          .map(str)
          .find(Boolean)
      : typeof entry === "string" || typeof entry === "number"
        ? String(entry)
        : undefined);
  const short = name && name.length > 30 ? `${name.slice(0, 30)}…` : name;
  return short ? `${index + 1}. ${short}` : `${index + 1}번째`;
}
