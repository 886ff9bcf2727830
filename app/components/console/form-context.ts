import { createContext, useContext, type Context } from "react";
import { FIELD_REFS, type FieldRef } from "~/content/field-meta";
import type { JobView } from "~/jobs/jobs";
import { nameOf, type FieldSchema, type FormOp, type NamePath } from "~/console/form-schema";
import type { Option } from "~/console/form-refs";

/** What every field of a generated form shares: its problems, the edits. */
export type ConsoleForm = {
  /** The complex's schema. */
  schema: FieldSchema;
  /** Problems by field name (a picture's upload: `<name>.$file`). */
  errors: Record<string, string[]>;
  /** Whether the page's script runs: the edits happen in the browser, uploads are possible. */
  hydrated: boolean;
  /** Keys that follow each entry of a list through its moves (React's `key`). */
  keys: EntryKeys;
  /** An edit of a list or an optional group, in the browser. */
  run: (op: FormOp) => void;
  /** The control that has focus on a page answered without the script (after an edit). */
  autoFocusId?: string;
  /** Each picture's small variant by its field's name, as the server resolved it. */
  previews: Record<string, string>;
  /**
   * The media jobs of the files the fields hold (a notice's pages being drawn), by the file's
   * `src`, as the server found them when the page was made.
   */
  jobs: Record<string, JobView>;
};

export const ConsoleFormContext = createContext<ConsoleForm | null>(null);

/**
 * The entries each kind of reference offers (app/console/form-schema.ts refOptions), from the whole
 * value as of the last edit of a list or of a field a reference names. A context per kind: only
 * the selects of a kind whose entries changed are drawn again.
 */
export const RefContexts = Object.fromEntries(
  FIELD_REFS.map((ref) => [ref, createContext<Option[]>([])]),
) as Record<FieldRef, Context<Option[]>>;

export function useConsoleForm(): ConsoleForm {
  const form = useContext(ConsoleFormContext);
  if (!form) throw new Error("a console field outside its SchemaForm");
  return form;
}

/**
 * A key per entry of each list, by the list's name, kept through the edits: an entry moved up keeps
 * its key, so React moves its controls (with what was typed in them) instead of refilling them.
 * The lists inside a moved or removed entry move with it.
 */
export class EntryKeys {
  private lists = new Map<string, string[]>();
  private next = 0;

  keysOf(name: string, length: number): string[] {
    let keys = this.lists.get(name);
    if (!keys || keys.length !== length) {
      keys = Array.from({ length }, (_, i) => keys?.[i] ?? `e${this.next++}`);
      this.lists.set(name, keys);
    }
    return keys;
  }

  /** Lists under `from` (an entry) now live under `to`; `to` undefined: they are gone. */
  private moveUnder(from: string, to: string | undefined, snapshot: Map<string, string[]>) {
    for (const [name, keys] of snapshot) {
      if (name !== from && !name.startsWith(`${from}.`)) continue;
      if (this.lists.get(name) === keys) this.lists.delete(name);
      if (to !== undefined) this.lists.set(to + name.slice(from.length), keys);
    }
  }

  /** Follows an edit of the list at `op`'s path (the value's length before it). */
  apply(op: FormOp, length: number) {
    const entryList = op.op === "add" ? op.path : op.path.slice(0, -1);
    const list = nameOf(entryList as NamePath);
    if (op.op === "present" || op.op === "absent") {
      this.moveUnder(nameOf(op.path), undefined, new Map(this.lists));
      return;
    }
    const keys = [...this.keysOf(list, length)];
    if (op.op === "add") {
      this.lists.set(list, [...keys, `e${this.next++}`]);
      return;
    }
    const index = Number(op.path[op.path.length - 1]);
    const snapshot = new Map(this.lists);
    const entry = (i: number) => `${list}.${i}`;
    if (op.op === "remove") {
      keys.splice(index, 1);
      this.moveUnder(entry(index), undefined, snapshot);
      for (let i = index + 1; i < length; i++) this.moveUnder(entry(i), entry(i - 1), snapshot);
    } else {
      const to = op.op === "up" ? index - 1 : index + 1;
      [keys[index], keys[to]] = [keys[to]!, keys[index]!];
      this.moveUnder(entry(index), entry(to), snapshot);
      this.moveUnder(entry(to), entry(index), snapshot);
    }
    this.lists.set(list, keys);
  }
}
