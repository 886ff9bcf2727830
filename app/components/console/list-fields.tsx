import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  RECORD_KEY,
  entryLabel,
  fieldId,
  isContainer,
  kindOf,
  opText,
  type FieldSchema,
} from "~/console/form-schema";
import { useConsoleForm } from "./form-context";
import {
  AbsentGroup,
  child,
  Group,
  OpButton,
  PresentMark,
  segments,
  type FieldProps,
} from "./field-frame";
import { Field, LONG_LIST } from "./fields";
import { LeafField } from "./leaf-field";

/*
 * A list and a record (an object with keys of the editor's choosing) of the generated form
 * (./fields.tsx): its count, its entries, each with its reorder and remove buttons, and its add
 * button. An entry that holds a group of fields is folded to its label; in a long list its fields
 * are drawn once it is opened.
 */

/** The reorder and remove buttons of a list's entry, named for it ("위로 옮기기: 3. 84A"). */
function EntryTools({
  list,
  index,
  count,
  label,
  reorder = false,
  removable = true,
}: {
  list: string;
  index: number;
  count: number;
  label: string;
  /** Its 위로 and 아래로 buttons (a record's entries have none). */
  reorder?: boolean;
  removable?: boolean;
}) {
  const entry = child(list, index);
  const path = segments(entry);
  return (
    <div className="cf-tools">
      {reorder ? (
        <>
          <OpButton
            op={{ op: "up", path }}
            id={fieldId(`${entry}-up`)}
            disabled={index === 0}
            name={`위로 옮기기: ${label}`}
          >
            위로
          </OpButton>
          <OpButton
            op={{ op: "down", path }}
            id={fieldId(`${entry}-down`)}
            disabled={index === count - 1}
            name={`아래로 옮기기: ${label}`}
          >
            아래로
          </OpButton>
        </>
      ) : null}
      {removable ? (
        <OpButton
          op={{ op: "remove", path }}
          id={fieldId(`${entry}-remove`)}
          className="cf-remove"
          name={`삭제: ${label}`}
        >
          삭제
        </OpButton>
      ) : null}
    </div>
  );
}

/**
 * A list's entry that holds a group of fields, folded to its label (a long list reads as an
 * outline); open when one of its fields has a problem, or when a search or a link goes into it.
 * Its buttons follow it, beside the label. Folded fields are still in the form and sent; in a long
 * list (`lazy`) a folded entry is sent as its value in its mark and drawn when opened (without the
 * script, by its 펼쳐서 고치기 button: the form comes back with the entry open).
 */
function EntryBox({
  name,
  value,
  lazy,
  label,
  tools,
  children,
}: {
  name: string;
  value: unknown;
  lazy: boolean;
  label: string;
  tools: ReactNode;
  children: ReactNode;
}) {
  const form = useConsoleForm();
  const faulty = Object.keys(form.errors).some((k) => k === name || k.startsWith(`${name}.`));
  const focusId = form.autoFocusId ?? "";
  const box = useRef<HTMLDetailsElement>(null);
  // Opened as the page is drawn if faulty or the focus goes into it (also without the script);
  // later problems open it too. The `open` attribute is React's only once: opening and closing are
  // the person's.
  const [openAtFirst] = useState(
    faulty || focusId === fieldId(name) || focusId.startsWith(`${fieldId(name)}.`),
  );
  const [opened, setOpened] = useState(openAtFirst || !lazy);
  useEffect(() => {
    if (faulty && box.current) box.current.open = true;
  }, [faulty]);
  // Opened by its button: the focus goes to the entry's first control once it is drawn.
  const focusFirst = useRef(false);
  useEffect(() => {
    if (!opened || !focusFirst.current) return;
    focusFirst.current = false;
    box.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
  }, [opened]);
  const open = () => {
    focusFirst.current = true;
    if (box.current) box.current.open = true;
    setOpened(true);
  };
  return (
    <>
      {/* The entry's mark: present, and while it is not drawn its value. */}
      <input type="hidden" name={name} value={opened ? "" : JSON.stringify(value)} />
      <details
        ref={box}
        className="cf-entry-box"
        open={openAtFirst || undefined}
        data-entry={name}
        onToggle={(event) => {
          if (event.currentTarget.open) setOpened(true);
        }}
      >
        <summary className="cf-entry-summary">{label}</summary>
        {opened ? (
          children
        ) : (
          <button
            type="submit"
            name="$op"
            value={opText({ op: "open", path: segments(name) })}
            className="btn btn-outline btn-small cf-op"
            onClick={(event) => {
              if (!form.hydrated) return;
              event.preventDefault();
              open();
            }}
          >
            펼쳐서 고치기
          </button>
        )}
      </details>
      {tools}
    </>
  );
}

/** A list's (or record's) frame: its count in the legend, its entries or a note, its add button. */
function ListFrame({
  field,
  title,
  count,
  add,
  children,
}: {
  field: FieldProps;
  title: string;
  count: number;
  /** The add button's noun and whether it works; none for a list of fixed length. */
  add?: { noun: string; disabled?: boolean };
  children: ReactNode;
}) {
  const { name, optional } = field;
  return (
    <Group
      {...field}
      label={`${title} (${count}개)`}
      className="cf-list"
      after={optional ? <PresentMark name={name} title={title} /> : null}
    >
      {count ? (
        <ol className="cf-entries">{children}</ol>
      ) : (
        <p className="cf-empty">항목이 없습니다.</p>
      )}
      {add ? (
        <OpButton
          op={{ op: "add", path: segments(name) }}
          id={fieldId(`${name}-add`)}
          disabled={add.disabled}
          className="cf-add"
        >
          {add.noun} 추가
        </OpButton>
      ) : null}
    </Group>
  );
}

const FIRST_CONTROL =
  "input:not([type=hidden]):not([disabled]), select, textarea, button:not([disabled])";

/** An entry of fields: its mark (sent even if its fields are all empty), folded to its label. */
function FoldedEntry(props: FieldProps & { tools: ReactNode; lazy: boolean }) {
  const { tools, lazy, ...field } = props;
  return (
    <EntryBox
      name={field.name}
      value={field.value}
      lazy={lazy}
      label={field.label ?? ""}
      tools={tools}
    >
      <Field {...field} noHelp legendHidden />
    </EntryBox>
  );
}

export function ListField(props: FieldProps) {
  const { schema, name, value, optional } = props;
  const form = useConsoleForm();
  if (optional && value === undefined) return <AbsentGroup {...props} />;
  const items = Array.isArray(value) ? value : [];
  const itemSchema = schema.items ?? {};
  const keys = form.keys.keysOf(name, items.length);
  // A read-only list (a 단지 편집자's hosts) is shown and sent as it is: no buttons.
  const fixed =
    schema.readOnly || (schema.minItems !== undefined && schema.minItems === schema.maxItems);
  const canRemove = items.length > (schema.minItems ?? 0);
  const canAdd = schema.maxItems === undefined || items.length < schema.maxItems;
  const container = isContainer(kindOf(itemSchema));
  const listTitle = props.label ?? schema.title ?? name;
  const itemTitle = itemSchema.title ?? listTitle;
  return (
    <ListFrame
      field={props}
      title={listTitle}
      count={items.length}
      add={fixed ? undefined : { noun: itemTitle, disabled: !canAdd }}
    >
      {items.map((item, i) => {
        const label = container ? entryLabel(i, item) : `${itemTitle} ${i + 1}`;
        const tools = (
          <EntryTools
            list={name}
            index={i}
            count={items.length}
            label={label}
            reorder={!schema.readOnly && items.length > 1}
            removable={!fixed && canRemove}
          />
        );
        return (
          <li key={keys[i]} className={container ? "cf-entry" : "cf-entry cf-entry-leaf"}>
            {container ? (
              <FoldedEntry
                schema={itemSchema}
                name={child(name, i)}
                value={item}
                label={label}
                quiet={props.quiet || i > 0}
                tools={tools}
                lazy={items.length >= LONG_LIST}
              />
            ) : (
              <Field
                schema={itemSchema}
                name={child(name, i)}
                value={item}
                label={label}
                noHelp
                quiet={props.quiet || i > 0}
                tools={tools}
              />
            )}
          </li>
        );
      })}
    </ListFrame>
  );
}

export function RecordField(props: FieldProps) {
  const { schema, name, value, optional } = props;
  const form = useConsoleForm();
  if (optional && value === undefined) return <AbsentGroup {...props} />;
  const entries = Object.entries((value ?? {}) as Record<string, unknown>);
  const valueSchema = (schema.additionalProperties as FieldSchema) ?? {};
  const keySchema = schema.propertyNames ?? { type: "string" as const, title: "키" };
  const keys = form.keys.keysOf(name, entries.length);
  const container = isContainer(kindOf(valueSchema));
  const title = props.label ?? schema.title ?? name;
  return (
    <ListFrame
      field={props}
      title={title}
      count={entries.length}
      add={{ noun: valueSchema.title ?? title }}
    >
      {entries.map(([key, v], i) => {
        const entry = child(name, i);
        const label = entryLabel(i, v, key);
        const keyControl = (
          <LeafField
            schema={{ ...keySchema, type: "string" }}
            name={child(entry, RECORD_KEY)}
            value={key}
            quiet={props.quiet || i > 0}
          />
        );
        const tools = <EntryTools list={name} index={i} count={entries.length} label={label} />;
        return (
          <li key={keys[i]} className="cf-entry">
            {container ? (
              <FoldedEntry
                schema={valueSchema}
                name={entry}
                value={v}
                label={label}
                quiet={props.quiet || i > 0}
                keyControl={keyControl}
                tools={tools}
                lazy={false}
              />
            ) : (
              <div className="cf-record-row">
                {keyControl}
                <Field
                  schema={valueSchema}
                  name={entry}
                  value={v}
                  label={`${valueSchema.title ?? "값"}: ${key || "(키 없음)"}`}
                  quiet={props.quiet || i > 0}
                />
                {tools}
              </div>
            )}
          </li>
        );
      })}
    </ListFrame>
  );
}
