import type { JobView } from "~/jobs/jobs";
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Form } from "react-router";
import { formToObject } from "~/console/form-object";
import { FIELD_REFS, type FieldRef } from "~/content/field-meta";
import {
  applyOp,
  fieldAt,
  isRequired,
  valueAt,
  type FieldSchema,
  type FormOp,
} from "~/console/form-schema";
import { REF_SOURCES, refOptions, type Option } from "~/console/form-refs";
import { focusAfter, opMessage } from "~/console/form-focus";
import { Field } from "./fields";
import { goToField } from "./field-search";
import { ConsoleFormContext, EntryKeys, RefContexts, type ConsoleForm } from "./form-context";
import { consoleGroups } from "./groups";

/*
 * The console's form of a complex, generated from its schema (docs/decisions/033-generated-forms.md):
 * the groups of the site's menu (./groups.ts) the schema holds (the editor's page gives it one
 * section's: app/console/content-sections.ts), each with its sections drawn by ./fields.tsx. It posts
 * every field (multipart) to `action`; the
 * route reads it back with app/console/form-object.ts. A list's add, remove and reorder buttons are
 * submit buttons (`$op`) that the route applies without the script; with it they happen here,
 * the focus staying on the moved entry and a Korean line announcing the change.
 */

export type SchemaFormProps = {
  schema: FieldSchema;
  /** The complex's value to edit. */
  value: unknown;
  /** Problems by field name (app/console/form-schema.ts fieldKeyOf), shown beside each field. */
  errors?: Record<string, string[]>;
  action?: string;
  /** After an edit answered without the script: the control that has focus, and what changed. */
  focus?: string;
  announcement?: string;
  /** The form's buttons (저장…): first in the form, so Enter in a field presses them. */
  actions: ReactNode;
  /** Shown above the groups (the summary of problems). */
  children?: ReactNode;
  /** Each picture's small variant by its field's name (the slots' sources resolved on the server). */
  previews?: Record<string, string>;
  /** The media jobs of the files the fields hold, by `src` (app/jobs/jobs.ts). */
  jobs?: Record<string, JobView>;
  /** The form element's id (buttons elsewhere on the page submit it). */
  id?: string;
  /**
   * The entries each kind of reference offers, from the whole draft: for the references whose
   * list is in another section than this form's (its own lists are read as they are typed).
   */
  refs?: Partial<Record<FieldRef, Option[]>>;
  /** The fields to draw by their paths, without the menu's groups (운영 정보's forms). */
  sections?: string[];
};

/** The top-level key each kind of reference lists from (app/console/form-schema.ts refOptions). */
const REF_KEYS: Record<FieldRef, string> = {
  unitTypes: "unitTypes",
  pages: "pages",
  vrTabs: "vr",
  menuGroups: "menu",
  menuItems: "menu",
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** `next`, sharing every part equal to `prev`'s: the fields whose value did not change keep theirs (React.memo). */
function share(prev: unknown, next: unknown): unknown {
  if (Object.is(prev, next)) return prev;
  if (Array.isArray(prev) && Array.isArray(next)) {
    const out = next.map((v, i) => share(prev[i], v));
    return out.length === prev.length && out.every((v, i) => v === prev[i]) ? prev : out;
  }
  if (isObject(prev) && isObject(next)) {
    const before = Object.keys(prev);
    const out: Json = {};
    let same = before.length === Object.keys(next).length;
    Object.keys(next).forEach((key, i) => {
      out[key] = share(prev[key], next[key]);
      if (out[key] !== prev[key] || before[i] !== key) same = false;
    });
    return same ? prev : out;
  }
  return next;
}

const lengthOf = (v: unknown) =>
  Array.isArray(v) ? v.length : isObject(v) ? Object.keys(v).length : 0;

/**
 * The entries one kind of reference offers, for its selects: the same array while they are the
 * same, so that an edit elsewhere leaves those selects as they are.
 */
function RefEntries({
  kind,
  root,
  given,
  children,
}: {
  kind: FieldRef;
  root: unknown;
  /** The entries from the whole draft, when this form does not hold their list. */
  given: Option[] | undefined;
  children: ReactNode;
}) {
  const key = useMemo(() => JSON.stringify(given ?? refOptions(kind, root)), [kind, root, given]);
  const options = useMemo(() => JSON.parse(key) as ReturnType<typeof refOptions>, [key]);
  const Provider = RefContexts[kind].Provider;
  return <Provider value={options}>{children}</Provider>;
}

const NO_ERRORS: Record<string, string[]> = {};
const NO_PREVIEWS: Record<string, string> = {};
const NO_JOBS: Record<string, JobView> = {};

export function SchemaForm({
  schema,
  value,
  errors = NO_ERRORS,
  action,
  focus,
  announcement = "",
  actions,
  children,
  previews = NO_PREVIEWS,
  jobs = NO_JOBS,
  id,
  refs,
  sections,
}: SchemaFormProps) {
  const groups = useMemo(
    () => (sections ? [{ id: "", title: "", sections }] : consoleGroups(schema)),
    [schema, sections],
  );
  const [root, setRoot] = useState(value);
  const [hydrated, setHydrated] = useState(false);
  const [message, setMessage] = useState(announcement);
  const [keys] = useState(() => new EntryKeys());
  const formRef = useRef<HTMLFormElement>(null);
  const focusNext = useRef<string | null>(null);

  useEffect(() => setHydrated(true), []);

  /** The value as the form holds it now (what was typed included). */
  const read = useCallback(
    () => formToObject(schema, new FormData(formRef.current!)).value,
    [schema],
  );

  const run = useCallback(
    (op: FormOp) => {
      const before = read();
      const list =
        op.op === "remove" || op.op === "up" || op.op === "down" ? op.path.slice(0, -1) : op.path;
      keys.apply(op, lengthOf(valueAt(before, schema, list)));
      const after = applyOp(before, schema, op);
      focusNext.current = focusAfter(schema, after, op);
      setMessage(opMessage(schema, before, op));
      setRoot((prev: unknown) => share(prev, after));
    },
    [keys, read, schema],
  );

  // After an edit, focus goes where focusAfter says (the moved entry's button…).
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    goToField(id, false);
  }, [root]);

  // A field another field's list comes from (a unit type's key, a page's path) was changed: the
  // lists follow. On `change` (when the field is left), not on every key.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const changed = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name ?? "";
      if (REF_SOURCES.test(name)) setRoot((prev: unknown) => share(prev, read()));
    };
    form.addEventListener("change", changed);
    return () => form.removeEventListener("change", changed);
  }, [read]);

  const context = useMemo<ConsoleForm>(
    () => ({
      schema,
      errors,
      hydrated,
      keys,
      run,
      autoFocusId: hydrated ? undefined : focus,
      previews,
      jobs,
    }),
    [schema, errors, hydrated, keys, run, focus, previews, jobs],
  );

  // A section inside an optional group that is split among the menu's groups (`artwork`): the
  // group's own mark that it is present.
  const splitMarks = [
    ...new Set(
      groups.flatMap((g) =>
        g.sections
          .filter((s) => s.includes("."))
          .map((s) => s.split(".")[0]!)
          .filter((top) => !isRequired(schema, top) && valueAt(root, schema, [top]) !== undefined),
      ),
    ),
  ];

  return (
    <ConsoleFormContext.Provider value={context}>
      {FIELD_REFS.reduceRight<ReactNode>(
        (inner, kind) => (
          <RefEntries
            kind={kind}
            root={root}
            given={schema.properties?.[REF_KEYS[kind]] ? undefined : refs?.[kind]}
          >
            {inner}
          </RefEntries>
        ),
        <>
          <div className="cf-form-area">
            {children}
            <p className="cf-announce" role="status" aria-live="polite">
              {message}
            </p>
            <Form
              ref={formRef}
              id={id}
              method="post"
              action={action}
              encType="multipart/form-data"
              // 저장 keeps a draft whatever it holds, and a list's buttons post it as it is (their
              // own controls then carry no formnovalidate); nothing here is for the browser to fill.
              noValidate
              autoComplete="off"
              className="cf-form"
            >
              <div className="cf-actions">{actions}</div>
              {splitMarks.map((top) => (
                <input key={top} type="hidden" name={top} value="" />
              ))}
              {groups.map((g) => {
                const fields = g.sections.map((section) => {
                  const path = section.split(".");
                  const parent = fieldAt(schema, undefined, path.slice(0, -1)).schema ?? schema;
                  const at = fieldAt(schema, root, path);
                  return at.schema ? (
                    <Field
                      key={section}
                      schema={at.schema}
                      name={section}
                      value={at.value}
                      optional={!isRequired(parent, path.at(-1)!)}
                      heading
                    />
                  ) : null;
                });
                return sections ? (
                  <Fragment key={g.id}>{fields}</Fragment>
                ) : (
                  <section
                    key={g.id}
                    id={`g-${g.id}`}
                    className="cf-menu-group"
                    aria-labelledby={`g-${g.id}-title`}
                  >
                    <h2 id={`g-${g.id}-title`} className="cf-menu-title">
                      {g.title}
                    </h2>
                    {fields}
                  </section>
                );
              })}
            </Form>
          </div>
        </>,
      )}
    </ConsoleFormContext.Provider>
  );
}
