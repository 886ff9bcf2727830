import { DeletePost } from "~/components/press/delete-post";

/** A post's 삭제 in the console: back to the console's list of the same complex (`query`) after. */
export function ConsoleDeletePost({
  id,
  title,
  query,
}: {
  id: string;
  title: string;
  query: string;
}) {
  return <DeletePost id={id} title={title} redirectTo={`/admin/press${query}`} query={query} />;
}
