import type { ReactNode } from "react";
import { FormMessage } from "~/components/admin/form-message";
import type { FieldSchema } from "~/console/form-schema";
import type { LiveSection } from "~/console/live-form";
import type { OperationsAnswer } from "~/console/operations.server";
import { SchemaForm } from "./schema-form";

/**
 * One of 운영 정보's sections: its card, its result line and its form, drawn from the section's
 * part of the schema (app/console/live-form.ts) by the console's generated renderer.
 */
export function LiveSectionCard({
  id,
  title,
  schema,
  value,
  action,
  answer,
  saved,
  help,
  more,
}: {
  id: LiveSection;
  title: string;
  /** The whole 운영 정보 schema: the card draws its own section of it. */
  schema: FieldSchema;
  value: unknown;
  action: string;
  /** The last answer, when it was this section's. */
  answer: OperationsAnswer | null;
  /** The line a save of this section answers with, when it was just saved. */
  saved: string | null;
  help: ReactNode;
  /** More buttons beside the save (공지 내리기). */
  more?: ReactNode;
}) {
  const own = schema.properties![id]!;
  const sectionSchema: FieldSchema = {
    type: "object",
    properties: { [id]: own },
    required: [id],
  };
  const shown = answer?.value !== undefined ? answer.value : value;
  const fieldErrors = Object.keys(answer?.errors ?? {}).length > 0;
  const refused = answer && answer.announcement === undefined ? answer.message : undefined;
  return (
    <section id={id} className="admin-card op-card" aria-labelledby={`op-heading-${id}`}>
      <h2 id={`op-heading-${id}`} className="admin-card-title">
        {title}
      </h2>
      <p className="op-help">{help}</p>
      <FormMessage tone="ok">{saved}</FormMessage>
      {/* Focus goes to the message only when no field is in error (a field takes it then). */}
      <FormMessage tone="error" focus={!fieldErrors}>
        {refused}
      </FormMessage>
      <SchemaForm
        // A save or a list's edit answered: the form starts again from the value answered.
        key={JSON.stringify(shown)}
        schema={sectionSchema}
        value={{ [id]: shown }}
        sections={Object.keys(own.properties ?? {}).map((k) => `${id}.${k}`)}
        errors={answer?.errors}
        action={action}
        focus={answer?.focus}
        announcement={answer?.announcement}
        actions={
          <>
            <input type="hidden" name="intent" value={id} />
            <button type="submit" className="btn btn-navy">
              {title} 저장
            </button>
            {more}
          </>
        }
      />
    </section>
  );
}
