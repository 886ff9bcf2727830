import { useContext, type ReactNode } from "react";
import { fieldId, kindOf, type FieldSchema } from "~/console/form-schema";
import { RefContexts, useConsoleForm } from "./form-context";
import { describedBy, FieldNotes, OptionalMark, type FieldProps } from "./field-frame";

/*
 * A field that holds one value (./fields.tsx): a text, a long text, a date or time, an address, a
 * number, a checkbox, or a select of a choice or a reference, with its label, help and problems.
 * What is typed stays in the control; the form reads it back when it is sent.
 */

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/** A text, number, checkbox or select: one labelled control with its help and problems. */
export function LeafField({
  schema,
  name,
  value,
  optional,
  label,
  noHelp,
  quiet,
  tools,
}: FieldProps) {
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
        <FieldNotes id={id} help={help} errors={errors} />
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
      <FieldNotes id={id} help={help} errors={errors} />
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
