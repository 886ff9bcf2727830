import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/sites";
import { SiteImport } from "~/components/admin/site-portable";
import { TableHead } from "~/components/admin/table-head";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { requireForm } from "~/http/form.server";
import { startHref } from "~/console/guided-start";
import { listVersions } from "~/console/content-store.server";
import { importFromForm } from "~/console/portable.server";
import { SITE_ZIP_MAX_BYTES } from "~/console/portable-messages.server";
import { allSites, siteOrigin, siteState } from "~/sites/registry.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * /admin/sites (단지 관리): every complex of the deployment with its state and version, a complex's
 * zip imported, and 새 단지 만들기, the guided start (/admin/sites/new, app/console/guided-start.ts);
 * a complex not yet published links back into it. For an administrator of every complex.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "단지 관리");
export const headers = adminHeaders;

export const STATE_LABEL = {
  live: "게시 중",
  unpublished: "게시 중단",
  draft: "준비 중 (게시 전)",
};

/** 에이전시 관리자 only (app/auth/access.server.ts): everyone else gets the 404 of a missing page. */
const requireEveryComplex = (request: Request) =>
  requireArea(request, requestSiteId(request), "complexes");

export async function loader({ request }: Route.LoaderArgs) {
  await requireEveryComplex(request);
  const sites = await Promise.all(
    allSites().map(async (s) => ({
      id: s.id,
      name: s.identity.name,
      hosts: s.hosts,
      origin: siteOrigin(s),
      state: siteState(s.id),
      version: (await listVersions(s.id))[0]?.version ?? null,
    })),
  );
  return data({ sites }, { headers: adminHeaders() });
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const admin = await requireEveryComplex(request);
  const form = await requireForm(request, SITE_ZIP_MAX_BYTES + 1024 * 1024);
  const imported = await importFromForm(form, { create: true }, admin.email);
  if (imported.ok) return redirect(`/admin/sites/${imported.siteId}?created=1`);
  return data({ importProblems: imported.problems }, { status: 400, headers: adminHeaders() });
}

export default function AdminSites({ loaderData, actionData }: Route.ComponentProps) {
  const importProblems =
    actionData && "importProblems" in actionData ? actionData.importProblems : [];
  return (
    <>
      <h1 className="admin-title">단지 관리</h1>
      <table className="admin-table">
        <caption className="sr-only">단지 목록</caption>
        <TableHead columns={["단지", "상태", "게시 버전", "주소"]} />
        <tbody>
          {loaderData.sites.map((s) => (
            <tr key={s.id}>
              <td>
                <Link to={`/admin/sites/${s.id}`}>{s.name}</Link> <span>({s.id})</span>
              </td>
              <td>
                {STATE_LABEL[s.state]}
                {s.state === "draft" ? (
                  <>
                    {" "}
                    <Link to={startHref(s.id, "confirm")}>
                      시작 안내 이어서<span className="sr-only"> ({s.name})</span>
                    </Link>
                  </>
                ) : null}
              </td>
              <td>{s.version ?? "없음"}</td>
              <td>{s.origin}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <p className="admin-links">
        <Link to={startHref(null)} className="btn btn-primary">
          새 단지 만들기
        </Link>
      </p>
      <SiteImport problems={importProblems} />
    </>
  );
}
