import {
  RECORD_KEY,
  isRequired,
  kindOf,
  nameOf,
  type FieldSchema,
  type NamePath,
} from "./form-schema";

/*
 * The inverse of the console's generated form (app/components/console/): its submitted FormData
 * read back into the value, by the schema that drew it (./form-schema.ts). Names are paths
 * (`unitTypes.2.key`); numbers become numbers, a checkbox a boolean, a list its entries in the order
 * of their indices; an optional field left empty is left out. A group that is optional is present
 * when its mark was sent (a hidden field of its own name, which the form holds while the group is
 * there), or something typed under it; a file slot sends no mark, so one whose hidden fields are
 * empty (no file, or its file taken out) is absent. Names starting with `$` are the form's own (`$op`), not the value's.
 */

type Node = { value?: string; children: Map<string, Node> };

/** The sent names as a tree of their segments (a name's text values only; files are not the value's). */
function tree(entries: Iterable<[string, FormDataEntryValue]>): Node {
  const root: Node = { children: new Map() };
  for (const [name, entry] of entries) {
    if (typeof entry !== "string" || name.startsWith("$")) continue;
    let node = root;
    for (const segment of name.split(".")) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { children: new Map() }));
      node = child;
    }
    node.value ??= entry;
  }
  return root;
}

/** A problem of the form itself (a record's key left empty or given twice), by control name. */
export type FormProblem = { name: string; message: string };

/**
 * Whether an optional group was sent: its mark (a hidden field of its own name), or a field under
 * it that holds something (a part of the group shown in another section of the form, `artwork`'s).
 */
function present(node: Node | undefined): boolean {
  if (!node) return false;
  if (node.value !== undefined) return true;
  const filled = (n: Node): boolean =>
    (n.value !== undefined && n.value !== "") || [...n.children.values()].some(filled);
  return filled(node);
}

/** A folded entry's value (components/console/fields.tsx EntryBox), or undefined if not JSON. */
function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const indices = (node: Node) =>
  [...node.children.keys()].filter((k) => /^\d+$/.test(k)).sort((a, b) => Number(a) - Number(b));

function read(
  schema: FieldSchema,
  node: Node | undefined,
  optional: boolean,
  path: NamePath,
  problems: FormProblem[],
): unknown {
  const kind = kindOf(schema);
  switch (kind) {
    case "text":
    case "choice": {
      if (node?.value === undefined) return undefined;
      // A text area's lines come back as CRLF (the form's encoding): the value keeps LF.
      const text = node.value.replace(/\r\n?/g, "\n");
      if (text === "" && optional) return undefined;
      if (schema.enum?.every((e) => typeof e === "number") && text !== "") return Number(text);
      return text;
    }
    case "number": {
      const raw = node?.value?.trim() ?? "";
      if (raw === "") return undefined;
      const n = Number(raw);
      // Not a number: kept as typed, for the schema's Korean message (nothing typed is lost).
      return Number.isFinite(n) ? n : raw;
    }
    case "boolean":
      if (node?.value === undefined) return optional ? undefined : false;
      return node.value === "on" || node.value === "true";
    case "object":
    case "image":
    case "file": {
      if (optional && !present(node)) return undefined;
      // A folded entry of a long list that was not drawn: its value, as its mark holds it.
      const folded = node?.value?.startsWith("{") ? parsed(node.value) : undefined;
      if (folded !== undefined) return folded;
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        const v = read(
          child,
          node?.children.get(key),
          !isRequired(schema, key),
          [...path, key],
          problems,
        );
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case "array":
      if (optional && !present(node)) return undefined;
      if (!node) return [];
      return indices(node).map((i) =>
        read(schema.items ?? {}, node.children.get(i), false, [...path, Number(i)], problems),
      );
    case "tuple":
      if (optional && !present(node)) return undefined;
      return (schema.prefixItems ?? []).map((s, i) =>
        read(s, node?.children.get(String(i)), false, [...path, i], problems),
      );
    case "record": {
      if (optional && !present(node)) return undefined;
      if (!node) return {};
      const out: Record<string, unknown> = {};
      for (const i of indices(node)) {
        const entry = node.children.get(i)!;
        const keyName = nameOf([...path, Number(i), RECORD_KEY]);
        const key = (entry.children.get(RECORD_KEY)?.value ?? "").trim();
        if (key === "") problems.push({ name: keyName, message: "키를 입력해 주세요" });
        else if (Object.hasOwn(out, key))
          problems.push({ name: keyName, message: `같은 키(${key})가 앞에 있습니다` });
        if (Object.hasOwn(out, key)) continue;
        out[key] = read(
          schema.additionalProperties as FieldSchema,
          entry,
          false,
          [...path, Number(i)],
          problems,
        );
      }
      return out;
    }
  }
}

/**
 * The value a generated form sent, read by its schema, and what the form itself finds wrong (the
 * schema's own rules are the caller's to check).
 */
export function formToObject(
  schema: FieldSchema,
  form: Iterable<[string, FormDataEntryValue]>,
): { value: unknown; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const value = read(schema, tree(form), false, [], problems);
  return { value, problems };
}
