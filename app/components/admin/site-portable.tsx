import { Form } from "react-router";

/*
 * A complex as a zip in the console (app/console/portable.server.ts): 내보내기 downloads the draft or
 * a chosen version as `<id>.zip` (site.yaml + images/); 가져오기 uploads such a zip as the
 * complex's new draft (on its page) or as a new complex (단지 관리). Both work without JavaScript.
 */

type Props = {
  /** The complex (its page), or none: a new complex (단지 관리). */
  siteId?: string;
  versions?: { version: number }[];
  /** What the last import refused, each a Korean sentence. */
  problems?: string[];
};

export function SiteExport({ siteId, versions = [] }: Required<Pick<Props, "siteId">> & Props) {
  return (
    <form
      method="get"
      action={`/admin/sites/${siteId}/export`}
      className="admin-form"
      aria-labelledby="export-title"
    >
      <h2 className="admin-subtitle" id="export-title">
        내보내기 (zip)
      </h2>
      <p>
        site.yaml과 images/ 폴더로 된 단지 폴더를 zip으로 내려받습니다. 다른 서버나 이 화면의
        가져오기로 그대로 되살릴 수 있습니다.
      </p>
      <label htmlFor="export-version">내보낼 내용</label>
      <select id="export-version" name="version" defaultValue="">
        <option value="">현재 초안</option>
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            게시 {v.version}번
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-outline">
        {siteId}.zip 내려받기
      </button>
    </form>
  );
}

export function SiteImport({ siteId, problems = [] }: Props) {
  const id = siteId ? "import" : "import-new";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="admin-form"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h2 className="admin-subtitle" id={`${id}-title`}>
        {siteId ? "가져오기 (zip)" : "zip에서 새 단지"}
      </h2>
      <p id={`${id}-help`} className="field-hint">
        {siteId
          ? "내보내기로 받은 zip(site.yaml과 images/)을 이 단지의 새 초안으로 가져옵니다. 게시된 페이지는 게시할 때까지 그대로입니다."
          : "내보내기로 받은 zip(site.yaml과 images/)을 새 단지로 가져옵니다. 단지 ID는 site.yaml의 id이며, 게시하기 전에는 ‘준비 중’ 안내가 나옵니다."}{" "}
        100MB까지, 사진은 JPEG, PNG, WebP, SVG만 넣을 수 있습니다.
      </p>
      <input type="hidden" name="intent" value="import" />
      <label htmlFor={`${id}-file`}>zip 파일</label>
      <input
        id={`${id}-file`}
        name="file"
        type="file"
        accept=".zip,application/zip"
        required
        aria-invalid={problems.length ? true : undefined}
        aria-describedby={problems.length ? `${id}-error` : `${id}-help`}
      />
      {problems.length ? (
        <div id={`${id}-error`} className="field-error" role="alert">
          <p>가져오지 못했습니다.</p>
          <ul>
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <button type="submit" className="btn btn-primary">
        {siteId ? "새 초안으로 가져오기" : "새 단지로 가져오기"}
      </button>
    </Form>
  );
}
