import { data, Link, redirect } from "react-router";
import { FormMessage } from "~/components/admin/form-message";
import type { Route } from "./+types/press.edit";
import { ConsoleDeletePost } from "~/components/admin/console-delete-post";
import { PressWriteForm } from "~/components/press/press-write-form";
import { refuseCrossSite } from "~/auth/guards.server";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { withParam } from "~/console/console";
import { safeRedirect } from "~/lib/auth";
import { isoToKstInput } from "~/lib/korean-time";
import { PRESS_MESSAGES, type PressFormValues } from "~/press/press-form";
import { deletePost, getPost, updatePost, type PhotoChange } from "~/press/posts.server";
import { field, readForm } from "~/http/form.server";
import { checkSubmission, unreadable } from "../../press/press-action.server";
import { requireConsoleSite } from "~/console/console-site.server";
import { requireSite, siteOrigin } from "~/sites/registry.server";

/** /admin/press/:id: edit a post (and its photo and publication), or delete it. */

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, loaderData ? `수정: ${loaderData.post.title}` : "보도자료 수정");
export const headers = adminHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { siteId, query } = await requireConsoleSite(request, "press");
  const post = await getPost(siteId, params.id);
  if (!post) throw data(PRESS_MESSAGES.notFound, { status: 404, headers: adminHeaders() });
  // Another complex's post is read on its own address.
  const origin = query ? siteOrigin(requireSite(siteId)) : "";
  return data(
    { post, query, origin, saved: new URL(request.url).searchParams.has("saved") },
    { headers: adminHeaders() },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const { siteId, query } = await requireConsoleSite(request, "press");
  const read = await readForm(request);
  if (!read.ok) return unreadable(read.reason, "update");
  const form = read.form;

  if (field(form, "intent") === "delete") {
    const post = await getPost(siteId, params.id);
    await deletePost(siteId, params.id);
    const back = post && !query ? `/${post.site}/press` : `/admin/press${query}`;
    return redirect(safeRedirect(field(form, "redirectTo"), back), { headers: adminHeaders() });
  }

  const checked = await checkSubmission(form, "update");
  if (!checked.ok) return checked.answer;
  const photo: PhotoChange = checked.photo
    ? { kind: "replace", photo: checked.photo }
    : checked.removePhoto
      ? { kind: "remove" }
      : { kind: "keep" };
  const saved = await updatePost(siteId, params.id, checked.input, { photo });
  if (!saved) throw data(PRESS_MESSAGES.notFound, { status: 404, headers: adminHeaders() });
  return redirect(`/admin/press/${params.id}${withParam(query, "saved=1")}`, {
    headers: adminHeaders(),
  });
}

export default function AdminPressEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post, saved, query, origin } = loaderData;
  const answer = actionData && "intent" in actionData ? actionData : null;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  const initial: PressFormValues = {
    title: post.title,
    summary: post.summary,
    body: post.body,
    sourceName: post.sourceName,
    sourceUrl: post.sourceUrl,
    pressDate: post.pressDate,
    publish: post.state === "draft" ? "draft" : post.state === "scheduled" ? "schedule" : "now",
    publishAt:
      post.state === "scheduled" && post.publishedAt ? isoToKstInput(post.publishedAt) : "",
  };
  const detail = `${origin}/${post.site}/press/${post.id}`;
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">보도자료 수정</h1>
        <Link to={`/admin/press${query}`} className="admin-link">
          ← 보도자료 관리
        </Link>
      </div>
      <FormMessage tone="ok">
        {saved && !actionData ? (
          <>
            {PRESS_MESSAGES.saved} <a href={detail}>보도자료 보기</a>
          </>
        ) : null}
      </FormMessage>
      <FormMessage tone="error">{refused}</FormMessage>
      <PressWriteForm
        key={post.updatedAt}
        action={`/admin/press/${post.id}${query}`}
        intent="update"
        heading={post.title}
        submitLabel="저장"
        initial={answer ? answer.values : initial}
        errors={answer?.errors}
        formError={answer?.formError}
        photo={post.photo}
        scheduledAt={post.state === "scheduled" ? post.publishedAt : null}
        footer={
          <a href={detail} className="admin-link">
            보도자료 보기
          </a>
        }
      />
      <div className="admin-danger-zone">
        <ConsoleDeletePost id={post.id} title={post.title} query={query} />
      </div>
    </>
  );
}
