import { IntentButton } from "~/components/admin/intent-button";
import type { LiveChange } from "~/sites/live.server";
import { formatKoreanDateTime } from "~/lib/korean-time";

/** 운영 정보's change list, newest first, each with its one-step revert. */
export function OperationsHistory({
  changes,
  action,
}: {
  changes: (LiveChange & { old: string; new: string })[];
  action: string;
}) {
  if (changes.length === 0) return <p className="admin-empty">아직 바꾼 값이 없습니다.</p>;
  return (
    <div className="op-history-wrap">
      <table className="admin-table op-history">
        <caption className="sr-only">운영 정보 변경 기록, 최근 순</caption>
        <thead>
          <tr>
            <th scope="col">시각</th>
            <th scope="col">관리자</th>
            <th scope="col">항목</th>
            <th scope="col">이전 값</th>
            <th scope="col">새 값</th>
            <th scope="col">되돌리기</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.id}>
              <td>{formatKoreanDateTime(c.changedAt)}</td>
              <td>{c.changedBy}</td>
              <td>
                {c.label}
                {c.reverts ? <span className="admin-tag">되돌림</span> : null}
              </td>
              <td>{c.old}</td>
              <td>{c.new}</td>
              <td>
                <IntentButton
                  intent="revert"
                  fields={{ change: c.id }}
                  action={action}
                  buttonClassName="btn btn-outline btn-small"
                >
                  <span aria-hidden="true">되돌리기</span>
                  <span className="sr-only">{`${c.label}을(를) 이전 값으로 되돌리기: ${c.old}`}</span>
                </IntentButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
