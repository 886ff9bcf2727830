import { useEffect } from "react";
import { data, Form } from "react-router";
import type { Route } from "./+types/operations";
import { AdminHead } from "~/components/admin/admin-head";
import { FormMessage } from "~/components/admin/form-message";
import { LiveSectionCard } from "~/components/console/live-section";
import { OperationsHistory } from "~/components/console/operations-history";
import { LIVE_SECTIONS, type LiveSection } from "~/console/live-form";
import {
  operationsAction,
  operationsPage,
  type OperationsAnswer,
} from "~/console/operations.server";
import { adminHeaders, adminTitle } from "~/lib/admin-page";
import { formatKoreanDateTime } from "~/lib/korean-time";
import type { LiveField } from "~/sites/live.server";
import "~/styles/console.css";

/*
 * /admin/operations (운영 정보): what the sales office changes during the sale, per complex: the
 * phone and hours, the model house, the remaining units, a notice, the schedule and the visit
 * slots, each a form drawn from 운영 정보's schema (app/console/live-form.ts). A save reaches every
 * page within seconds; every change is listed below with a one-step revert.
 */

export const meta = adminTitle("운영 정보");
export const headers = adminHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  return data(await operationsPage(request), { headers: adminHeaders() });
}

export const action = ({ request }: Route.ActionArgs) => operationsAction(request);

/** The live values each section sets (for the line saying when they were last changed). */
const FIELDS: Record<LiveSection, LiveField[]> = {
  contact: ["phone", "contactHours"],
  modelHouse: ["modelHouseAddress", "modelHouseHours"],
  remaining: ["remainingUnits"],
  notice: ["notice"],
  schedule: ["schedule"],
  visits: ["visitCapacity"],
};

const HELP: Record<LiveSection, string> = {
  contact: "",
  modelHouse: "",
  remaining:
    "주택형마다 남은 세대 수를 씁니다. 0은 마감으로, 빈칸은 표시하지 않습니다. 모두 비우고 저장하면 현황판이 내려갑니다.",
  notice:
    "기간(한국 시간) 안에만 모든 공개 페이지에 보입니다. 방문자는 닫을 수 있고, 닫으면 그 방문 동안 다시 보이지 않습니다.",
  schedule:
    "기간이면 끝나는 날도, 하루 중 시간이 정해져 있으면 시각도 씁니다. 날짜를 비우면 추후 공지로 보입니다.",
  visits: "",
};

export default function AdminOperations({ loaderData, actionData }: Route.ComponentProps) {
  const { schema, value, setFields, changes, saved, choices, siteId, hostSite } = loaderData;
  const answer = actionData && "section" in actionData ? (actionData as OperationsAnswer) : null;
  const crossSite = actionData && "refused" in actionData ? actionData.formError : undefined;
  const action = `/admin/operations${siteId !== hostSite ? `?site=${siteId}` : ""}`;
  // With the script, a refused form's first field in error takes focus as the answer arrives
  // (without it, autofocus does).
  useEffect(() => {
    if (!answer?.section || answer.announcement !== undefined) return;
    document
      .getElementById(answer.section)
      ?.querySelector<HTMLElement>('[aria-invalid="true"]')
      ?.focus();
  }, [answer]);

  /** When the section's values were last changed here, or that they are the content file's. */
  const when = (section: LiveSection) => {
    const set = FIELDS[section]
      .map((f) => setFields[f])
      .filter((s) => s !== undefined)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    return set
      ? `마지막 변경: ${formatKoreanDateTime(set.updatedAt)} ${set.updatedBy}`
      : "콘텐츠 파일의 값입니다.";
  };
  const help = (section: LiveSection) => {
    const counted =
      section === "remaining" && loaderData.remainingAt
        ? ` 현재 ${formatKoreanDateTime(loaderData.remainingAt)} 기준.`
        : "";
    return `${HELP[section]}${counted} ${when(section)}`.trim();
  };

  return (
    <>
      <AdminHead title="운영 정보" back={{ to: "/admin", label: "← 관리자 홈" }} />
      <p className="admin-summary">
        저장하면 몇 초 안에 이 단지의 모든 페이지에 반영됩니다. 비워 두거나 되돌리면 콘텐츠 파일의
        값이 쓰입니다.
      </p>
      <FormMessage tone="error">{crossSite}</FormMessage>
      <FormMessage tone="error">{answer?.section === "" ? answer.message : null}</FormMessage>
      {choices.length ? (
        <Form method="get" className="op-site-choice">
          <label htmlFor="op-site">단지</label>
          <select id="op-site" name="site" defaultValue={siteId}>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-outline btn-small">
            선택
          </button>
        </Form>
      ) : null}

      {LIVE_SECTIONS.map((s) => (
        <LiveSectionCard
          key={s.id}
          id={s.id}
          title={s.title}
          schema={schema}
          value={value[s.id]}
          action={action}
          answer={answer?.section === s.id ? answer : null}
          saved={saved === s.id && !actionData ? s.saved : null}
          help={help(s.id)}
          more={
            s.id === "notice" && loaderData.hasNotice ? (
              <button type="submit" name="$clear" value="1" className="btn btn-outline">
                공지 내리기
              </button>
            ) : null
          }
        />
      ))}

      <section id="history" className="admin-card op-card" aria-labelledby="op-heading-history">
        <h2 id="op-heading-history" className="admin-card-title">
          변경 기록
        </h2>
        <FormMessage tone="ok">
          {saved === "history" && !actionData ? "변경을 되돌렸습니다." : null}
        </FormMessage>
        <FormMessage tone="error" focus>
          {answer?.section === "history" ? answer.message : null}
        </FormMessage>
        <OperationsHistory changes={changes} action={action} />
      </section>
    </>
  );
}
