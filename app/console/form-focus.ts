import {
  RECORD_KEY,
  fieldAt,
  fieldId,
  isContainer,
  isObject,
  isRequired,
  kindOf,
  nameOf,
  valueAt,
  type FieldSchema,
  type FormOp,
  type NamePath,
} from "./form-schema";

/*
 * After a list or group edit of the generated form (app/console/form-schema.ts's applyOp): where
 * the focus goes, and what a screen reader is told in Korean. The same with the script (the form
 * edits itself) and without it (the server answers the form again, app/routes/admin/console/content.tsx).
 */

/** The name of the first control a person types in, inside the field at `name`. */
function firstControl(schema: FieldSchema, value: unknown, name: string): string {
  const kind = kindOf(schema);
  if (kind === "image") return `${name}.alt`;
  if (kind === "file") return `${name}.$file`;
  if (kind === "object") {
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      if (child.readOnly) continue;
      const v = isObject(value) ? value[key] : undefined;
      const childKind = kindOf(child);
      if (!isContainer(childKind)) return `${name}.${key}`;
      if (v === undefined && !isRequired(schema, key) && childKind !== "file")
        return `${name}.${key}-present`;
      return firstControl(child, v, `${name}.${key}`);
    }
  }
  if (kind === "tuple") return `${name}.0`;
  if (kind === "record") {
    const keys = isObject(value) ? Object.keys(value) : [];
    return keys.length ? `${name}.0.${RECORD_KEY}` : `${name}-add`;
  }
  if (kind === "array") {
    const items = Array.isArray(value) ? value : [];
    return items.length && schema.items
      ? firstControl(schema.items, items[0], `${name}.0`)
      : `${name}-add`;
  }
  return name;
}

/** The list (or record) an entry edit applies to, and the entry's index. */
function listOf(op: FormOp): { list: NamePath; index: number } {
  return { list: op.path.slice(0, -1), index: Number(op.path[op.path.length - 1]) };
}

const lengthOf = (v: unknown) =>
  Array.isArray(v) ? v.length : isObject(v) ? Object.keys(v).length : 0;

/**
 * The id of the control that has focus after an edit, in the value after it: the moved entry's
 * same button (the other one at an end of the list), the entry that took a removed one's place
 * (else the one before, else the add button), a new entry's first field.
 */
export function focusAfter(schema: FieldSchema, after: unknown, op: FormOp): string {
  const name = nameOf(op.path);
  if (op.op === "add") {
    const list = fieldAt(schema, after, op.path);
    const n = lengthOf(list.value) - 1;
    if (n < 0 || !list.schema) return fieldId(`${name}-add`);
    if (kindOf(list.schema) === "record") return fieldId(`${name}.${n}.${RECORD_KEY}`);
    const entry = fieldAt(schema, after, [...op.path, n]);
    return fieldId(entry.schema ? firstControl(entry.schema, entry.value, `${name}.${n}`) : name);
  }
  if (op.op === "present" || op.op === "open") {
    const at = fieldAt(schema, after, op.path);
    return fieldId(at.schema ? firstControl(at.schema, at.value, name) : name);
  }
  if (op.op === "absent") return fieldId(`${name}-present`);
  const { list, index } = listOf(op);
  const listName = nameOf(list);
  const count = lengthOf(valueAt(after, schema, list));
  if (op.op === "remove") {
    if (count === 0) return fieldId(`${listName}-add`);
    const at = Math.min(index, count - 1);
    return fieldId(`${listName}.${at}-remove`);
  }
  const to = op.op === "up" ? index - 1 : index + 1;
  const atEnd = op.op === "up" ? to === 0 : to === count - 1;
  const button = atEnd ? (op.op === "up" ? "down" : "up") : op.op;
  return fieldId(`${listName}.${to}-${button}`);
}

/** What a screen reader is told after an edit, in Korean (the value before it). */
export function opMessage(schema: FieldSchema, before: unknown, op: FormOp): string {
  const at = fieldAt(
    schema,
    before,
    op.op === "add" || op.op === "present" || op.op === "absent" ? op.path : op.path.slice(0, -1),
  );
  const title = at.schema?.title ?? "목록";
  const count = lengthOf(at.value);
  switch (op.op) {
    case "add":
      return `${title}: ${count + 1}번째 항목을 추가했습니다.`;
    case "present":
      return `${title} 항목을 추가했습니다.`;
    case "absent":
      return `${title} 항목을 뺐습니다. 저장하면 사이트에서 빠집니다.`;
    case "open":
      return `${title}: ${Number(op.path.at(-1)) + 1}번째 항목을 펼쳤습니다.`;
    case "remove":
      return `${title}: ${Number(op.path.at(-1)) + 1}번째 항목을 삭제했습니다. 남은 항목 ${count - 1}개.`;
    default: {
      const from = Number(op.path.at(-1));
      const to = op.op === "up" ? from - 1 : from + 1;
      return `${title}: ${from + 1}번째 항목을 ${to + 1}번째로 옮겼습니다.`;
    }
  }
}
