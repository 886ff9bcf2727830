import "~/styles/preview.css";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/preview";
import { Options } from "~/components/admin/options";
import { adminHeaders, adminMeta, orNotFound } from "~/lib/admin-page";
import { requireConsoleSite } from "~/console/console-site.server";
import { getDraft } from "~/console/content-store.server";
import { previewPages, previewSite, previewUrl } from "~/console/preview.server";

/*
 * /admin/preview: 미리보기. Any page of the complex rendered from its draft by the public pages'
 * renderer, at phone and desktop width side by side (app/console/preview.server.ts). The page is
 * chosen with ?path= (a plain GET form: it works without JavaScript). A draft that cannot become a
 * complex lists its problems, each linking to its field.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "미리보기");
export const headers = adminHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const { siteId, query } = await requireConsoleSite(request, "content");
  const draft = orNotFound(await getDraft(siteId));
  const identity = draft.content.identity as { name?: string } | undefined;
  const name = identity?.name ?? siteId;
  const preview = await previewSite(siteId, draft.content);
  if (!preview.ok) {
    return data(
      { siteId, query, name, problems: preview.problems, pages: [], path: "/", src: "" },
      { headers: adminHeaders() },
    );
  }
  const pages = previewPages(preview.site);
  const wanted = new URL(request.url).searchParams.get("path");
  const path = pages.find((p) => p.path === wanted)?.path ?? "/";
  return data(
    { siteId, query, name, problems: [], pages, path, src: previewUrl(path, query) },
    { headers: adminHeaders() },
  );
}

export default function AdminPreview({ loaderData: d }: Route.ComponentProps) {
  const label = d.pages.find((p) => p.path === d.path)?.label ?? "";
  return (
    <>
      <h1 className="admin-title">미리보기: {d.name}</h1>
      <p className="admin-summary">
        저장된 초안을 공개 페이지와 같은 방식으로 보여 줍니다. 방문자에게는 게시한 뒤에 보입니다.
        미리보기 안의 신청 양식은 보내지지 않습니다.
      </p>
      <p className="preview-actions">
        <Link to={`/admin/content${d.query}`}>콘텐츠 편집</Link>
        <Link to={`/admin/sites/${d.siteId}`}>게시</Link>
      </p>
      {d.problems.length ? (
        <div role="alert" className="form-message is-error">
          <p>초안을 미리보기할 수 없습니다. 아래 {d.problems.length}곳을 고쳐 주세요.</p>
          <ul>
            {d.problems.map((p, i) => (
              <li key={i}>
                <a href={p.href}>
                  {p.label ? <span className="cf-summary-label">{p.label}: </span> : null}
                  {p.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <Form method="get" className="preview-chooser">
            {d.query ? <input type="hidden" name="site" value={d.siteId} /> : null}
            <label>
              페이지
              <select name="path" defaultValue={d.path} key={d.path}>
                <Options items={d.pages.map((p) => [p.path, p.label] as const)} />
              </select>
            </label>
            <button type="submit" className="btn btn-primary btn-small">
              보기
            </button>
          </Form>
          <div className="preview-frames">
            <figure className="preview-frame preview-phone">
              <figcaption>휴대폰 (390px)</figcaption>
              <div className="preview-box">
                <iframe key={d.src} src={d.src} title={`휴대폰 화면 미리보기: ${label}`} />
              </div>
            </figure>
            <figure className="preview-frame preview-desktop">
              <figcaption>데스크톱 (1440px, 축소)</figcaption>
              <div className="preview-box">
                <iframe key={d.src} src={d.src} title={`데스크톱 화면 미리보기: ${label}`} />
              </div>
            </figure>
          </div>
        </>
      )}
    </>
  );
}
