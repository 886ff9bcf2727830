import { memo, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import {
  RECORD_KEY,
  entryLabel,
  fieldId,
  isContainer,
  isRequired,
  kindOf,
  opText,
  type FieldSchema,
  type FormOp,
  type NamePath,
} from "~/console/form-schema";
import { RefContexts, useConsoleForm } from "./form-context";
import { FileField } from "./file-field";
import { ImageField } from "./image-field";

/*
 * One control per field of the schema, chosen by its kind (app/console/form-schema.ts): a group of
 * fields as a fieldset, a list with its add, remove and reorder buttons, a choice or a reference as
 * a select, and the rest as inputs. Each control's name is the value's path; what is typed stays
 * in the control (it is not React state): the value is read back from the form when a list changes
 * or the form is sent (app/console/form-object.ts).
 */

export type FieldProps = {
  schema: FieldSchema;
  /** The value's path, as the control's name. */
  name: string;
  value: unknown;
  /** Not required: marked 선택 (an empty text is left out, a group can be added or removed). */
  optional?: boolean;
  /** The label instead of the schema's title (a list's entry: "3. 84A"). */
  label?: string;
  /** Without the schema's help text (a list's entry: the list has it). */
  noHelp?: boolean;
  /**
   * Without any help text inside either: a list's second entry on (its fields' help is shown once,
   * in the first entry).
   */
  quiet?: boolean;
  /** A section of the form: its label is a heading. */
  heading?: boolean;
  /** A list's entry drawn in a disclosure whose summary shows the label: the legend is for screen readers. */
  legendHidden?: boolean;
  /** The entry's buttons (reorder, remove) of a list entry. */
  tools?: ReactNode;
  /** A record entry's key control, shown first. */
  keyControl?: ReactNode;
};

const segments = (name: string): NamePath =>
  name === "" ? [] : name.split(".").map((s) => (/^\d+$/.test(s) ? Number(s) : s));
const child = (name: string, key: string | number) =>
  name === "" ? String(key) : `${name}.${key}`;

/** The field's problems, as the form shows them beside it. */
function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      {errors.join(" ")}
    </p>
  );
}

/** The field's help text, which its control names (aria-describedby). */
function FieldHelp({ id, help }: { id: string; help: string }) {
  if (!help) return null;
  return (
    <p id={`${id}-help`} className="cf-help">
      {help}
    </p>
  );
}

/** The ids that describe a control: its help and its problem. */
const describedBy = (id: string, help: boolean, error: boolean) =>
  [help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

function OptionalMark() {
  return <span className="cf-optional">(선택)</span>;
}

/**
 * A button of a list edit: a real submit button, so that without the script the server applies
 * the edit (`$op`) and answers the form again; with it, the edit happens here.
 */
function OpButton({
  op,
  id,
  disabled,
  className = "",
  name,
  children,
}: {
  op: FormOp;
  id: string;
  disabled?: boolean;
  className?: string;
  /** The accessible name, when the visible text alone is not enough ("위로" → "위로 옮기기: 3. 84A"). */
  name?: string;
  children: ReactNode;
}) {
  const form = useConsoleForm();
  return (
    <button
      type="submit"
      name="$op"
      value={opText(op)}
      id={id}
      disabled={disabled}
      autoFocus={form.autoFocusId === id || undefined}
      aria-label={name}
      className={`btn btn-outline btn-small cf-op ${className}`.trim()}
      onClick={(event) => {
        if (!form.hydrated) return;
        event.preventDefault();
        form.run(op);
      }}
    >
      {children}
    </button>
  );
}

export const Field = memo(function Field(props: FieldProps) {
  const kind = kindOf(props.schema);
  switch (kind) {
    case "object":
      return <ObjectField {...props} />;
    case "image":
      return <ImageField {...props} />;
    case "file":
      return <FileField {...props} />;
    case "array":
      return <ListField {...props} />;
    case "record":
      return <RecordField {...props} />;
    case "tuple":
      return <TupleField {...props} />;
    default:
      return <LeafField {...props} />;
  }
});

/** The fieldset every group of fields is drawn in, with its legend, help and problems. */
export function Group({
  schema,
  name,
  label,
  optional,
  heading,
  noHelp,
  quiet,
  legendHidden,
  tools,
  className = "",
  children,
  after,
}: FieldProps & { className?: string; children: ReactNode; after?: ReactNode }) {
  const form = useConsoleForm();
  const id = fieldId(name);
  const title = label ?? schema.title ?? name;
  const help = !noHelp && !quiet && schema.description ? schema.description : "";
  const errors = form.errors[name];
  return (
    <fieldset
      id={id}
      className={`cf-group ${className}`.trim()}
      aria-describedby={describedBy(id, Boolean(help), Boolean(errors))}
      aria-invalid={errors ? true : undefined}
      data-field={name}
    >
      <legend className={legendHidden ? "sr-only" : "cf-legend"}>
        {heading ? <h3 className="cf-section-title">{title}</h3> : <span>{title}</span>}
        {optional ? <OptionalMark /> : null}
      </legend>
      {tools}
      <FieldHelp id={id} help={help} />
      <FieldErrors id={id} errors={errors} />
      {children}
      {after}
    </fieldset>
  );
}

/** An optional group that is absent: its add button, nothing else. */
function AbsentGroup(props: FieldProps) {
  const title = props.label ?? props.schema.title ?? props.name;
  return (
    <Group {...props} className="cf-absent">
      <p className="cf-absent-note">없음 (사이트에 보이지 않습니다)</p>
      <OpButton
        op={{ op: "present", path: segments(props.name) }}
        id={fieldId(`${props.name}-present`)}
      >
        {title} 추가
      </OpButton>
    </Group>
  );
}

/** An optional group that is present: the hidden mark that says so, and its remove button. */
function PresentMark({ name, title }: { name: string; title: string }) {
  return (
    <>
      <input type="hidden" name={name} value="" />
      <OpButton
        op={{ op: "absent", path: segments(name) }}
        id={fieldId(`${name}-absent`)}
        className="cf-remove"
      >
        {title} 빼기
      </OpButton>
    </>
  );
}

function ObjectField(props: FieldProps) {
  const { schema, name, value, optional } = props;
  if (optional && value === undefined) return <AbsentGroup {...props} />;
  const obj = (value ?? {}) as Record<string, unknown>;
  const title = props.label ?? schema.title ?? name;
  return (
    <Group {...props} after={optional ? <PresentMark name={name} title={title} /> : null}>
      {props.keyControl}
      {Object.entries(schema.properties ?? {}).map(([key, sub]) => (
        <Field
          key={key}
          schema={sub}
          name={child(name, key)}
          value={obj[key]}
          optional={!isRequired(schema, key)}
          quiet={props.quiet}
        />
      ))}
    </Group>
  );
}

function TupleField(props: FieldProps) {
  const { schema, name, value } = props;
  const items = Array.isArray(value) ? value : [];
  return (
    <Group {...props} className="cf-tuple">
      <div className="cf-row">
        {(schema.prefixItems ?? []).map((s, i) => (
          <Field key={i} schema={s} name={child(name, i)} value={items[i]} quiet={props.quiet} />
        ))}
      </div>
    </Group>
  );
}

/** The reorder and remove buttons of a list's entry, named for it ("위로 옮기기: 3. 84A"). */
function EntryTools({
  list,
  index,
  count,
  label,
  reorder,
  removable,
}: {
  list: string;
  index: number;
  count: number;
  label: string;
  reorder: boolean;
  removable: boolean;
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

/** An entry of fields: its mark (sent even if its fields are all empty), folded to its label. */
/**
 * A list this long sends its folded entries as they are, each in one hidden field (its value as
 * JSON, read back by console/form-object.ts), and draws an entry's fields once it is opened: a page of
 * the complex's 29 pages or its menu would otherwise carry thousands of controls (and a select of
 * every page in each), far past the editor's 150 KB a page (docs/decisions/044-editor-sections.md).
 */
export const LONG_LIST = 8;

const FIRST_CONTROL =
  "input:not([type=hidden]):not([disabled]), select, textarea, button:not([disabled])";

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

function ListField(props: FieldProps) {
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

function RecordField(props: FieldProps) {
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
        const tools = (
          <EntryTools
            list={name}
            index={i}
            count={entries.length}
            label={label}
            reorder={false}
            removable
          />
        );
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

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/** A text, number, checkbox or select: one labelled control with its help and problems. */
function LeafField({ schema, name, value, optional, label, noHelp, quiet, tools }: FieldProps) {
  const form = useConsoleForm();
  const kind = kindOf(schema);
  const id = fieldId(name);
  const title = label ?? schema.title ?? name;
  const help = !noHelp && !quiet && schema.description ? schema.description : "";
  const errors = form.errors[name];
  const common = {
    id,
    name,
    "aria-describedby": describedBy(id, Boolean(help), Boolean(errors)),
    "aria-invalid": errors ? true : undefined,
    autoFocus: form.autoFocusId === id || undefined,
  };
  const required = !optional && (schema.minLength ?? 0) > 0;

  if (kind === "boolean") {
    // A box the account may not change (readonly does nothing to a checkbox): shown disabled, its
    // value sent by a hidden field of its name, so that a save keeps it.
    const locked = schema.readOnly === true;
    return (
      <div className="field cf-field cf-check" data-field={name}>
        <label className="check" htmlFor={id}>
          <input
            type="checkbox"
            {...common}
            {...(locked ? { name: undefined, disabled: true } : {})}
            defaultChecked={value === true}
          />
          {title}
          {optional ? <OptionalMark /> : null}
        </label>
        {locked && value === true ? <input type="hidden" name={name} value="on" /> : null}
        <FieldHelp id={id} help={help} />
        <FieldErrors id={id} errors={errors} />
        {tools}
      </div>
    );
  }

  let control: ReactNode;
  if (kind === "choice") {
    control = <Select schema={schema} value={str(value)} optional={optional} common={common} />;
  } else if (kind === "number") {
    const integer = schema.type === "integer";
    control = (
      <input
        {...common}
        type="number"
        inputMode={integer ? "numeric" : "decimal"}
        step={integer ? 1 : "any"}
        min={schema.minimum ?? schema.exclusiveMinimum}
        max={schema.maximum}
        defaultValue={str(value)}
        required={!optional || undefined}
      />
    );
  } else if (schema.widget === "textarea") {
    control = (
      <textarea
        {...common}
        rows={3}
        defaultValue={str(value)}
        maxLength={schema.maxLength}
        required={required || undefined}
      />
    );
  } else {
    const type =
      schema.widget === "date"
        ? "date"
        : schema.widget === "time"
          ? "time"
          : schema.widget === "datetime"
            ? "datetime-local"
            : schema.format === "uri" || schema.anyOf?.some((s) => s.format === "uri")
              ? "url"
              : "text";
    control = (
      <input
        {...common}
        type={type}
        defaultValue={str(value)}
        readOnly={schema.readOnly || undefined}
        maxLength={schema.maxLength}
        required={required || undefined}
      />
    );
  }
  return (
    <div className="field cf-field" data-field={name}>
      <label htmlFor={id}>
        {title}
        {optional ? <OptionalMark /> : null}
      </label>
      {control}
      <FieldHelp id={id} help={help} />
      <FieldErrors id={id} errors={errors} />
      {tools}
    </div>
  );
}

/** A choice among the schema's values, or among the complex's entries a reference names. */
function Select({
  schema,
  value,
  optional,
  common,
}: {
  schema: FieldSchema;
  value: string;
  optional?: boolean;
  common: Record<string, unknown>;
}) {
  // The same context for every render of this select (its schema does not change).
  const entries = useContext(RefContexts[schema.ref ?? "unitTypes"]);
  const options = schema.ref
    ? entries
    : (schema.enum ?? []).map((e) => ({ value: String(e), label: String(e) }));
  const missing = value !== "" && !options.some((o) => o.value === value);
  return (
    <select {...common} defaultValue={value} required={!optional || undefined}>
      {optional || value === "" ? (
        <option value="">{optional ? "— 없음 —" : "골라 주세요"}</option>
      ) : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {missing ? <option value={value}>{`${value} (목록에 없음)`}</option> : null}
    </select>
  );
}
