import { data, Link, redirect } from "react-router";
import { FormMessage } from "~/components/admin/form-message";
import type { Route } from "./+types/press.new";
import { PressWriteForm } from "~/components/press/press-write-form";
import { refuseCrossSite } from "~/auth/guards.server";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { withParam } from "~/console/console";
import { kstDate } from "~/lib/korean-time";
import { EMPTY_PRESS_FORM } from "~/press/press-form";
import { readForm } from "~/http/form.server";
import { requireConsoleSite } from "~/console/console-site.server";
import { requireSite } from "~/sites/registry.server";
import { createSubmitted, unreadable } from "../../press/press-action.server";

/*
 * /admin/press/new: the press write form inside the administrator's area (the same form and the
 * same saving as under the public list); a saved post returns to /admin/press with its row marked.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "새 보도자료 쓰기");
export const headers = adminHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const { query } = await requireConsoleSite(request, "press");
  return data({ today: kstDate(), query }, { headers: adminHeaders() });
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const { admin, siteId, query } = await requireConsoleSite(request, "press");
  const read = await readForm(request);
  if (!read.ok) return unreadable(read.reason, "create");
  const created = await createSubmitted(
    read.form,
    { siteId, site: requireSite(siteId).press.defaultSite },
    admin.adminId,
  );
  if (!created.ok) return created.answer;
  return redirect(`/admin/press${withParam(query, `created=${created.id}`)}`, {
    headers: adminHeaders(),
  });
}

export default function AdminPressNew({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData && "intent" in actionData ? actionData : null;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  const { query } = loaderData;
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">새 보도자료 쓰기</h1>
        <Link to={`/admin/press${query}`} className="admin-link">
          ← 보도자료 관리
        </Link>
      </div>
      <FormMessage tone="error">{refused}</FormMessage>
      <PressWriteForm
        action={`/admin/press/new${query}`}
        intent="create"
        heading="보도자료 내용"
        submitLabel="등록"
        initial={answer ? answer.values : { ...EMPTY_PRESS_FORM, pressDate: loaderData.today }}
        errors={answer?.errors}
        formError={answer?.formError}
        footer={
          <Link to={`/admin/press${query}`} className="admin-link">
            취소
          </Link>
        }
      />
    </>
  );
}
