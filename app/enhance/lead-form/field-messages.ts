import type { LeadFieldErrors } from "~/leads/lead-form";
import { keptTogether } from "../keep-together";

/*
 * A lead form's field messages in the browser (../lead-form.ts): shown in each field's box when the
 * form is sent, with aria-invalid and aria-describedby on its control; a message corrected since
 * keeps its space (hidden) until the next send, so nothing below moves.
 */

export type FieldName = keyof LeadFieldErrors;

/** What the messages of one form need: its element, its id prefix, the messages shown and kept. */
export type FieldMessages = {
  form: HTMLFormElement;
  uid: string;
  /** Messages shown now. */
  errors: LeadFieldErrors;
  /** The last message of each field that had one when the form was last sent: its space is kept. */
  reserved: LeadFieldErrors;
};

/** In the order of the form: the first with a message takes the focus. */
const FIELD_ORDER: FieldName[] = ["name", "phone", "message", "visitSlot", "privacyConsent"];

function errorId(f: FieldMessages, field: FieldName) {
  return `${f.uid}-${field}-error`;
}

function setDescribedBy(el: Element, id: string, on: boolean) {
  const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((t) => t && t !== id);
  if (on) ids.push(id);
  if (ids.length) el.setAttribute("aria-describedby", ids.join(" "));
  else el.removeAttribute("aria-describedby");
}

function setInvalid(el: Element, on: boolean) {
  if (on) el.setAttribute("aria-invalid", "true");
  else el.removeAttribute("aria-invalid");
}

/** Shows a field's message (or keeps its space, or nothing) in the field's box. */
export function renderField(f: FieldMessages, field: FieldName) {
  const box = f.form.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!box) return;
  for (const old of box.querySelectorAll(":scope > .field-error")) old.remove();
  const message = f.errors[field];
  const id = errorId(f, field);
  const reserved = f.reserved[field];
  if (message || reserved) {
    const p = document.createElement("p");
    p.className = "field-error";
    if (message) {
      p.id = id;
      p.append(...keptTogether(message));
    } else {
      // Corrected since the form was sent: the message is gone, its space stays until the next send.
      p.dataset.resolved = "true";
      p.setAttribute("aria-hidden", "true");
      p.textContent = reserved!;
    }
    box.append(p);
  }
  if (field === "visitSlot") {
    setDescribedBy(box, id, Boolean(message));
    for (const control of box.querySelectorAll(
      '.visit-plain [name="visitDate"], .visit-plain [name="visitTime"]',
    ))
      setInvalid(control, Boolean(message));
    return;
  }
  const control = f.form.querySelector(`[name="${field}"]`);
  if (!control) return;
  setInvalid(control, Boolean(message));
  setDescribedBy(control, id, Boolean(message));
}

export function showErrors(f: FieldMessages, errors: LeadFieldErrors) {
  f.errors = { ...errors };
  f.reserved = { ...errors };
  for (const field of FIELD_ORDER) renderField(f, field);
}

export function focusFirstInvalid(form: HTMLFormElement, errors: LeadFieldErrors) {
  const first = FIELD_ORDER.find((field) => errors[field]);
  if (!first) return;
  const target =
    first === "visitSlot"
      ? (form.querySelector<HTMLElement>('[name="visitTime"]:checked') ??
        form.querySelector<HTMLElement>('[name="visitDate"]:checked') ??
        form.querySelector<HTMLElement>('[name="visitDate"]'))
      : form.querySelector<HTMLElement>(`[name="${first}"]`);
  target?.focus();
}

/** Messages the server rendered into the page (a form sent before the script was there). */
export function renderedErrors(form: HTMLFormElement): LeadFieldErrors {
  const errors: LeadFieldErrors = {};
  for (const field of FIELD_ORDER) {
    const p = form.querySelector(`[data-field="${field}"] > .field-error:not([data-resolved])`);
    if (p?.textContent) errors[field] = p.textContent;
  }
  return errors;
}
