import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

/*
 * The console's one text field: its label, the input, a hint under it and the Korean message of a
 * refused value, tied to the input by aria-describedby and marked aria-invalid while it stands.
 * The hint's id is `<id>-hint`, the message's `<id>-error`.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.join(" ") || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text area (a call's note, a customer's memo). */
export function TextAreaField({
  id,
  label,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; name: string; label: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} {...textarea} />
    </div>
  );
}
