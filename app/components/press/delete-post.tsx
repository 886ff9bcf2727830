import { ConfirmDelete } from "~/components/admin/confirm-delete";

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
    <ConfirmDelete
      question={`「${title}」을(를) 삭제할까요? 되돌릴 수 없습니다.`}
      action={`/admin/press/${id}${query}`}
      fields={{ intent: "delete", redirectTo }}
    />
  );
}
