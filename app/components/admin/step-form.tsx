import { useId, type ReactNode } from "react";
import { Form } from "react-router";
import { AdminCard } from "~/components/admin/admin-card";
import { FormMessage } from "~/components/admin/form-message";
import { useFocusFirstInvalid } from "~/components/admin/focus-invalid";

/*
 * The parts of a console page's steps over an uploaded file (광고비 가져오기, 리드 파일 가져오기):
 * where a refusal shows beside its field, a step's primary button, giving up the waiting file,
 * and a long list cut short. Plain forms: each works without JavaScript.
 */

/** A refused post: the field it is about ("form": the whole step) and its Korean message. */
export type StepAnswer = { field: string; message: string };

/** Where a refusal of `name` shows: its message's id and the input's marks. */
export function errorOf(answer: StepAnswer | undefined, name: string, id: string) {
  const message = answer?.field === name ? answer.message : undefined;
  return {
    message,
    input: message
      ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` }
      : { "aria-describedby": `${id}-hint` },
  };
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="field-error">
      {message}
    </p>
  ) : null;
}

/** A step's primary button, on its own row. */
export function SubmitRow({ children }: { children: ReactNode }) {
  return (
    <div className="admin-form-actions">
      <button type="submit" className="btn btn-primary">
        {children}
      </button>
    </div>
  );
}

/** 다른 파일 올리기: gives up the waiting file. */
export function CancelStep({ pendingId }: { pendingId: string }) {
  return (
    <Form method="post" className="cost-cancel">
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="file" value={pendingId} />
      <button type="submit" className="btn btn-outline btn-small">
        취소하고 다른 파일 올리기
      </button>
    </Form>
  );
}

/** A list cut to `most` items, saying how many more there are. */
export function cut<T>(items: readonly T[], most: number) {
  return { shown: items.slice(0, most), more: Math.max(0, items.length - most) };
}

/** A waiting file's plan as the upload step reads it: gone, unreadable, or on its way. */
type UploadedPlan =
  | { step: "gone" }
  | { step: "refused"; file: { fileName: string }; message: string }
  | { step: "mapping" | "preview" };

/** What the upload step says of a waiting file that is gone (`gone`) or could not be read. */
export function uploadNotice(plan: UploadedPlan | null, gone: string): string | undefined {
  if (plan?.step === "gone") return gone;
  if (plan?.step === "refused")
    return `「${plan.file.fileName}」을(를) 읽지 못했습니다. ${plan.message}`;
  return undefined;
}

/** The upload of a table file (CSV, TSV, XLSX), with the hint under its input as children. */
export function UploadStep(props: {
  title: string;
  label: string;
  submit: string;
  answer?: StepAnswer;
  notice?: string;
  children: ReactNode;
}) {
  const { answer, notice } = props;
  const id = useId();
  const form = useFocusFirstInvalid(answer);
  const error = errorOf(answer, "file", id);
  return (
    <AdminCard id={`${id}-title`} title={props.title} className="cost-step">
      <FormMessage tone="error" focus={Boolean(notice)}>
        {notice ?? (answer?.field === "form" ? answer.message : null)}
      </FormMessage>
      <Form
        ref={form}
        method="post"
        encType="multipart/form-data"
        className="admin-form"
        noValidate
      >
        <input type="hidden" name="intent" value="upload" />
        <div className="field">
          <label htmlFor={id}>{props.label}</label>
          <input
            id={id}
            name="upload"
            type="file"
            accept=".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            {...error.input}
          />
          <p id={`${id}-hint`} className="field-hint">
            {props.children}
          </p>
          <FieldError id={id} message={error.message} />
        </div>
        <SubmitRow>{props.submit}</SubmitRow>
      </Form>
    </AdminCard>
  );
}
