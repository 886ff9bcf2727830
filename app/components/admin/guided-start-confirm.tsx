import { Form, Link } from "react-router";
import { contentHref } from "~/lib/content-href";
import { StepMessage, type StepErrors, type StepProps } from "./guided-start";

/*
 * Step 5 of 새 단지's guided start (app/routes/admin/console/site.start.tsx), 확인: what was
 * entered, and 원본 단지 내용 (N곳), each a link to its field in the editor.
 */

/** A string of the source's that 한꺼번에 바꾸기 offers: what it is, and in how many fields. */
type Term = { what: string; value: string; fields: number };

/**
 * 한꺼번에 바꾸기: each of the source's strings still written in fields, with what to write instead;
 * one form each, so a refusal comes back at its own field (a plain post, without the script too).
 */
function ReplaceTerms({
  terms,
  errors,
  values,
  sourceName,
  open,
}: {
  open: boolean;
  terms: Term[];
  errors: StepErrors;
  values: Record<string, string>;
  sourceName: string;
}) {
  return (
    // Folded: the step stays one phone screen. Open after a change or a refusal.
    <details className="gs-replace gs-wide" id="gs-replace" open={open}>
      <summary className="gs-replace-title">한꺼번에 바꾸기 ({terms.length}가지 말)</summary>
      <p className="gs-hint">
        ‘{sourceName}’의 말을 남은 곳 모두에서 새 말로 바꿉니다. ‘그대로 두기’로 표시한 곳은 바꾸지
        않습니다. 바꾼 뒤 문장이 맞는지 편집기에서 확인해 주세요.
      </p>
      {terms.map((t, i) => {
        const name = `to-${t.value}`;
        const id = `gs-to-${i}`;
        return (
          <Form method="post" key={t.value} className="gs-replace-row" noValidate>
            <input type="hidden" name="intent" value="replace" />
            <input type="hidden" name="from" value={t.value} />
            <label htmlFor={id}>
              ‘{t.value}’({t.what}) {t.fields}곳 →
            </label>
            <input
              id={id}
              name="to"
              defaultValue={values[name] ?? ""}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${id}-error` : undefined}
              autoFocus={!!errors[name]}
            />
            <button type="submit" className="btn btn-outline">
              바꾸기
            </button>
            <StepMessage id={`${id}-error`} errors={errors} name={name} />
          </Form>
        );
      })}
    </details>
  );
}

/** 5. 확인: the facts entered, what is left of the source, 한꺼번에 바꾸기, and where to go on. */
export function ConfirmStep({
  siteId,
  back,
  summary,
  errors,
  values,
  replaced,
}: StepProps & {
  /** 한꺼번에 바꾸기 was just used. */
  replaced: boolean;
  summary: {
    facts: { label: string; value: string }[];
    leftovers: {
      sourceName: string;
      open: { path: string; id: string; label: string; found: string }[];
      kept: number;
      terms: Term[];
    } | null;
  };
}) {
  const left = summary.leftovers;
  return (
    <div className="gs-form">
      <dl className="gs-summary gs-wide">
        {summary.facts.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value || "—"}</dd>
          </div>
        ))}
      </dl>
      {left ? (
        <details
          className="gs-leftovers gs-wide"
          open={left.open.length > 0 && left.open.length <= 3}
        >
          <summary>
            원본 단지 내용 ({left.open.length}곳)
            {left.kept ? ` · 그대로 두기 ${left.kept}곳` : ""}
          </summary>
          <p className="gs-hint">
            ‘{left.sourceName}’의 이름·주소·회사·전화가 남은 곳입니다. 게시 전에 고치거나 편집기에서
            ‘그대로 두기’로 표시해 주세요.
          </p>
          <ul>
            {left.open.map((l) => (
              <li key={l.path}>
                <a href={contentHref(siteId, l.id)}>
                  {l.label || l.path}
                  <span className="gs-found">: {l.found}</span>
                </a>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {left && left.terms.length ? (
        <ReplaceTerms
          terms={left.terms}
          errors={errors}
          values={values}
          sourceName={left.sourceName}
          open={replaced || Object.keys(errors).some((k) => k.startsWith("to-"))}
        />
      ) : null}
      <div className="gs-actions gs-wide">
        <Link to={`/admin/sites/${siteId}`} className="btn btn-primary">
          게시하러 가기
        </Link>
        <a href={contentHref(siteId)} className="btn btn-outline">
          편집기에서 계속
        </a>
        <Link to={`/admin/preview?site=${siteId}`} className="btn btn-outline">
          미리보기
        </Link>
        <Link to={back} className="btn btn-outline">
          이전
        </Link>
      </div>
    </div>
  );
}
