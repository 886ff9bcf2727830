import { useId } from "react";
import { Form } from "react-router";
import { FormMessage } from "~/components/admin/form-message";
import { DESK_SITE_PARAM } from "~/crm/lead-desk";
import type { AssignmentSettings as Settings } from "./assignment.server";

/** 자동 배정 and who takes new leads (administrators). Works without JavaScript. */
export function AssignmentSettings({
  settings,
  saved,
  work,
}: {
  settings: Settings;
  saved: boolean;
  /** The complex worked on: its name, and its id when it is not the host's. */
  work: { name: string; site: string | null };
}) {
  const id = useId();
  return (
    <section className="desk-assignment" id="assignment" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-subtitle">
        상담원 배정 · {work.name}
      </h2>
      <FormMessage tone="ok" focus>
        {saved ? "배정 설정을 저장했습니다." : null}
      </FormMessage>
      {settings.consultants.length === 0 ? (
        <p className="admin-help">
          이 단지에 상담원 계정이 없습니다. 계정 관리에서 상담원을 초대하면 새 접수를 나눠 줄 수
          있습니다.
        </p>
      ) : (
        <Form
          method="post"
          action={`/admin/leads${work.site ? `?${DESK_SITE_PARAM}=${work.site}` : ""}`}
          className="desk-assignment-form"
        >
          <p className="field-check">
            <input
              type="checkbox"
              id={`${id}-auto`}
              name="autoAssign"
              defaultChecked={settings.autoAssign}
            />
            <label htmlFor={`${id}-auto`}>
              새 접수를 상담원에게 차례로 자동 배정 (아래에서 선택한 상담원)
            </label>
          </p>
          <fieldset>
            <legend>새 접수를 받는 상담원</legend>
            {settings.consultants.map((c) => (
              <p key={c.id} className="field-check">
                <input
                  type="checkbox"
                  id={`${id}-${c.id}`}
                  name="active"
                  value={c.id}
                  defaultChecked={c.active}
                />
                <label htmlFor={`${id}-${c.id}`}>
                  {c.email}
                  {c.hasPhone ? "" : " (휴대폰 번호 없음: 아침 알림을 받지 못합니다)"}
                </label>
              </p>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary btn-small">
            배정 설정 저장
          </button>
        </Form>
      )}
    </section>
  );
}
