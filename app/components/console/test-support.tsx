import { JSDOM } from "jsdom";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { siteJsonSchema } from "~/content/schema";
import type { FieldSchema } from "~/console/form-schema";
import { SchemaForm, type SchemaFormProps } from "./schema-form";

/* For tests: the console's form as the server renders it, and what a browser would send for it. */

export const consoleSchema = siteJsonSchema() as FieldSchema;

/** The form for `value` rendered (no script has run), parsed as a browser parses it. */
export function renderForm(value: unknown, props: Partial<SchemaFormProps> = {}) {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <SchemaForm
          schema={consoleSchema}
          value={value}
          actions={<button type="submit">확인</button>}
          {...props}
        />
      ),
    },
  ]);
  const html = renderToString(<Stub initialEntries={["/admin/content"]} />);
  const document = new JSDOM(html).window.document;
  const form = document.querySelector<HTMLFormElement>("form.cf-form")!;
  return { html, document, form };
}

/** What the browser sends for the form (FormData's own rules: checked boxes, selected options). */
export function sentEntries(form: HTMLFormElement): [string, FormDataEntryValue][] {
  const FormDataOf = form.ownerDocument.defaultView!.FormData;
  return [...new FormDataOf(form).entries()] as [string, FormDataEntryValue][];
}
