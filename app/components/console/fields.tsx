import { memo } from "react";
import { isRequired, kindOf } from "~/console/form-schema";
import { AbsentGroup, child, Group, PresentMark, type FieldProps } from "./field-frame";
import { FileField } from "./file-field";
import { ImageField } from "./image-field";
import { LeafField } from "./leaf-field";
import { ListField, RecordField } from "./list-fields";

/*
 * One control per field of the schema, chosen by its kind (app/console/form-schema.ts): a group of
 * fields as a fieldset, a list with its add, remove and reorder buttons, a choice or a reference as
 * a select, and the rest as inputs. Each control's name is the value's path; what is typed stays
 * in the control (it is not React state): the value is read back from the form when a list changes
 * or the form is sent (app/console/form-object.ts). What frames a field (its group, help, problems,
 * list buttons): ./field-frame.tsx; a single value's control: ./leaf-field.tsx; lists and records:
 * ./list-fields.tsx; pictures and files: ./image-field.tsx, ./file-field.tsx.
 */

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

/**
 * A list this long sends its folded entries as they are, each in one hidden field (its value as
 * JSON, read back by console/form-object.ts), and draws an entry's fields once it is opened: a page of
 * the complex's 29 pages or its menu would otherwise carry thousands of controls (and a select of
 * every page in each), far past the editor's 150 KB a page (docs/decisions/044-editor-sections.md).
 */
export const LONG_LIST = 8;
