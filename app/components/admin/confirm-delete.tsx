import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * 삭제 behind a confirmation step that works without JavaScript: a disclosure (`label`, 삭제 by
 * default) opening the question and the real button (`confirm`, 삭제 확인 by default), which posts
 * `fields` to `action` (this page when left out).
 */
export function ConfirmDelete({
  label = "삭제",
  confirm = "삭제 확인",
  question,
  action,
  fields,
}: {
  label?: ReactNode;
  /** The real button's text. */
  confirm?: string;
  question: ReactNode;
  action?: string;
  fields: Record<string, string>;
}) {
  return (
    <details className="confirm-delete">
      <summary className="btn btn-danger-outline">{label}</summary>
      <div className="confirm-delete-box">
        <p>{question}</p>
        <Form method="post" action={action}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="btn btn-danger">
            {confirm}
          </button>
        </Form>
      </div>
    </details>
  );
}
