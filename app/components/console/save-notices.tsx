import { useEffect, useRef } from "react";
import type { ContentAnswer, Problem } from "~/console/content-answer";
import { FieldLink, type LinkPlace } from "./field-link";

/*
 * What the content editor says above its form after a save (app/routes/admin/console/content.tsx):
 * the problems to fix before 게시, each a link to its field, and a save refused because another
 * editor saved first, naming the fields they changed.
 */

/** At most this many changed fields are named; the rest are counted. */
const NAMED_CHANGES = 8;

export function ProblemSummary({ problems, at }: { problems: Problem[]; at: LinkPlace }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [problems]);
  return (
    <div ref={ref} className="cf-summary" role="alert" tabIndex={-1} autoFocus>
      <h2 className="cf-summary-title">입력을 확인해 주세요 ({problems.length}곳)</h2>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.id ? (
              <FieldLink id={p.id} {...at}>
                <span className="cf-summary-label">{p.label}</span>: {p.message}
              </FieldLink>
            ) : (
              <>
                <span className="cf-summary-label">{p.label}</span>: {p.message}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StaleNotice({ stale }: { stale: Extract<ContentAnswer, { kind: "stale" }> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [stale]);
  const named = stale.changed.slice(0, NAMED_CHANGES);
  const more = stale.changed.length - named.length;
  return (
    <div ref={ref} className="cf-summary" role="alert" tabIndex={-1}>
      <h2 className="cf-summary-title">
        {stale.savedBy}님이 먼저 초안을 저장해서 저장하지 않았습니다
      </h2>
      <p>
        {stale.byOther
          ? "다른 편집자가 바꾼 항목"
          : "저장된 초안과 지금 이 화면의 내용이 다른 항목"}
        : {named.length ? named.join(", ") : "없음(같은 내용)"}
        {more > 0 ? ` 외 ${more}개` : ""}. 입력한 내용은 이 화면에 그대로 있습니다. “내 내용으로
        저장”을 누르면 이 화면의 내용으로 초안을 덮어쓰고, “최신 초안 불러오기”를 누르면 이 화면의
        변경을 버리고 저장된 초안을 엽니다.
      </p>
    </div>
  );
}
