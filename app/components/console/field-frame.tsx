import type { ReactNode } from "react";
import {
  fieldId,
  opText,
  type FieldSchema,
  type FormOp,
  type NamePath,
} from "~/console/form-schema";
import { useConsoleForm } from "./form-context";

/*
 * What every field of the generated form is drawn in (./fields.tsx): a group's fieldset with its
 * legend, help and problems, a control's help and problems, the 선택 mark, a list edit's button,
 * and an optional group's add or remove button. A control's name is its value's path.
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

export const segments = (name: string): NamePath =>
  name === "" ? [] : name.split(".").map((s) => (/^\d+$/.test(s) ? Number(s) : s));
export const child = (name: string, key: string | number) =>
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

/** A field's help text and its problems, under its control (or its group's legend). */
export function FieldNotes({ id, help, errors }: { id: string; help: string; errors?: string[] }) {
  return (
    <>
      <FieldHelp id={id} help={help} />
      <FieldErrors id={id} errors={errors} />
    </>
  );
}

/** The ids that describe a control: its help and its problem. */
export const describedBy = (id: string, help: boolean, error: boolean) =>
  [help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

export function OptionalMark() {
  return <span className="cf-optional">(선택)</span>;
}

/**
 * A button of a list edit: a real submit button, so that without the script the server applies
 * the edit (`$op`) and answers the form again; with it, the edit happens here.
 */
export function OpButton({
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
      <FieldNotes id={id} help={help} errors={errors} />
      {children}
      {after}
    </fieldset>
  );
}

/** An optional group that is absent: its add button, nothing else. */
export function AbsentGroup(props: FieldProps) {
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
export function PresentMark({ name, title }: { name: string; title: string }) {
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
