import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin.sites";
import { FormMessage } from "~/components/admin/form-message";
import { SiteImport } from "~/components/admin/site-portable";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { siteFrom } from "~/lib/site";
import { field } from "~/http/form.server";
import { createComplex, listVersions } from "~/sites/content-store.server";
import { importFromForm } from "~/sites/portable.server";
import { allSites, siteOrigin, siteState } from "~/sites/registry.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * /admin/sites (단지 관리): every complex of the deployment with its state and version, and 새 단지:
 * a copy of an existing complex under its own name, id and hosts, a draft until first published
 * (app/sites/content-store.server.ts). For an administrator of every complex.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(siteFrom(matches), "단지 관리");
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
      name: s.project.siteName,
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
  const form = await request.formData();
  if (field(form, "intent") === "import") {
    const imported = await importFromForm(form, { create: true }, admin.email);
    if (imported.ok) return redirect(`/admin/sites/${imported.siteId}?created=1`);
    return data({ importProblems: imported.problems }, { status: 400, headers: adminHeaders() });
  }
  const values = {
    id: field(form, "id").trim().toLowerCase(),
    name: field(form, "name").trim(),
    hosts: field(form, "hosts")
      .split(/[\s,]+/)
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    copyFrom: field(form, "copyFrom"),
  };
  const made = await createComplex(values, admin.email);
  if (made.ok) return redirect(`/admin/sites/${values.id}?created=1`);
  const errors: Record<string, string> = {};
  for (const p of made.problems) errors[p.path] ??= p.message;
  return data(
    { errors, values: { ...values, hosts: values.hosts.join(", ") } },
    { status: 400, headers: adminHeaders() },
  );
}

export default function AdminSites({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> =
    actionData && "errors" in actionData ? actionData.errors : {};
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  const importProblems =
    actionData && "importProblems" in actionData ? actionData.importProblems : [];
  const described = (name: string) => (errors[name] ? `new-${name}-error` : undefined);
  return (
    <>
      <h1 className="admin-title">단지 관리</h1>
      <table className="admin-table">
        <caption className="sr-only">단지 목록</caption>
        <thead>
          <tr>
            <th scope="col">단지</th>
            <th scope="col">상태</th>
            <th scope="col">게시 버전</th>
            <th scope="col">주소</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.sites.map((s) => (
            <tr key={s.id}>
              <td>
                <Link to={`/admin/sites/${s.id}`}>{s.name}</Link> <span>({s.id})</span>
              </td>
              <td>{STATE_LABEL[s.state]}</td>
              <td>{s.version ?? "없음"}</td>
              <td>{s.origin}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 className="admin-subtitle" id="new-complex">
        새 단지
      </h2>
      <Form method="post" className="admin-form" aria-labelledby="new-complex" noValidate>
        <p>
          기존 단지를 복사해 만듭니다. 게시하기 전에는 그 주소에 &lsquo;준비 중&rsquo; 안내가
          나옵니다.
        </p>
        <label htmlFor="new-name">단지 이름</label>
        <input
          id="new-name"
          name="name"
          required
          defaultValue={values?.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described("name")}
        />
        <FieldError id="new-name-error" message={errors.name} />
        <label htmlFor="new-id">단지 ID (영문 소문자, 숫자, -)</label>
        <input
          id="new-id"
          name="id"
          required
          pattern="[a-z][a-z0-9-]{1,30}"
          defaultValue={values?.id}
          aria-invalid={errors.id ? true : undefined}
          aria-describedby={described("id") ?? "new-id-help"}
        />
        <p id="new-id-help" className="field-hint">
          주소 &lt;ID&gt;.localhost와 단지 폴더 이름에 쓰입니다. 나중에 바꿀 수 없습니다.
        </p>
        <FieldError id="new-id-error" message={errors.id} />
        <label htmlFor="new-hosts">호스트 이름 (여러 개는 쉼표로)</label>
        <input
          id="new-hosts"
          name="hosts"
          defaultValue={values?.hosts}
          placeholder="dongtan-lakecentral.co.kr"
          aria-invalid={errors.hosts ? true : undefined}
          aria-describedby={described("hosts")}
        />
        <FieldError id="new-hosts-error" message={errors.hosts} />
        <label htmlFor="new-copy">복사할 단지</label>
        <select
          id="new-copy"
          name="copyFrom"
          defaultValue={values?.copyFrom}
          aria-invalid={errors.copyFrom ? true : undefined}
          aria-describedby={described("copyFrom")}
        >
          {loaderData.sites.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.id})
            </option>
          ))}
        </select>
        <FieldError id="new-copyFrom-error" message={errors.copyFrom} />
        <FormMessage tone="error">{errors[""]}</FormMessage>
        <button type="submit" className="btn btn-primary">
          새 단지 만들기
        </button>
      </Form>
      <SiteImport problems={importProblems} />
    </>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}
