import type { AccessAction, AccessEntry } from "~/auth/access-log.server";
import { DataTable, type Column } from "~/components/admin/data-table";
import { formatKoreanDateTime } from "~/lib/korean-time";

const ACTION_LABEL: Record<AccessAction, string> = {
  view: "열람",
  download: "내려받기",
  update: "변경",
};

const COLUMNS: Column<AccessEntry>[] = [
  { key: "at", label: "일시", className: "nowrap", cell: (e) => formatKoreanDateTime(e.at) },
  { key: "admin", label: "관리자", cell: (e) => e.adminEmail },
  { key: "action", label: "작업", cell: (e) => ACTION_LABEL[e.action] },
  { key: "target", label: "대상", cell: (e) => e.target },
  { key: "filter", label: "조건·내용", cell: (e) => e.filter },
  { key: "rows", label: "건수", className: "num", cell: (e) => e.rowCount },
];

/** 개인정보 열람 기록: who read or took which leads, the latest 20 (administrators only). */
export function AccessLog({ log }: { log: AccessEntry[] }) {
  return (
    <section className="access-log" aria-labelledby="access-log-title">
      <h2 id="access-log-title" className="admin-subtitle">
        개인정보 열람 기록 (최근 20건)
      </h2>
      <DataTable
        wrapClassName="admin-table-wrap"
        className="admin-table admin-cards access-log-table"
        columns={COLUMNS}
        rows={log}
        rowKey={(e) => e.id}
      />
    </section>
  );
}
