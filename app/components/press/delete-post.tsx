import { Form } from "react-router";

/** Delete behind a confirmation step that works without JavaScript (a disclosure with the real button). */
export function DeletePost({
  id,
  title,
  redirectTo,
  query = "",
}: {
  id: string;
  title: string;
  redirectTo: string;
  /** The console's `?site=<id>` when the post is not the host's complex's (console/console.ts). */
  query?: string;
}) {
  return (
    <details className="confirm-delete">
      <summary className="btn btn-danger-outline">삭제</summary>
      <div className="confirm-delete-box">
        <p>「{title}」을(를) 삭제할까요? 되돌릴 수 없습니다.</p>
        <Form method="post" action={`/admin/press/${id}${query}`}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="btn btn-danger">
            삭제 확인
          </button>
        </Form>
      </div>
    </details>
  );
}
