import { useId } from "react";
import { Form } from "react-router";
import { FormMessage } from "~/components/admin/form-message";
import { DESK_SITE_PARAM } from "~/crm/lead-desk";
import type { LeadSettings as Settings } from "./assignment.server";

/** The fields' Korean messages, shared by the form and the desk's action. */
export const LEAD_SETTINGS_MESSAGES = {
  saved: "접수 설정을 저장했습니다.",
  days: "중복 판단 기간은 1일에서 365일 사이의 숫자로 입력해 주세요.",
} as const;

/**
 * 접수 설정 (administrators): the duplicate window and the D-1 reminder of the complex. Works without
 * JavaScript; a refused value is answered beside its field.
 */
export function LeadSettingsForm({
  settings,
  saved,
  error,
  work,
  hasReminderText,
}: {
  settings: Settings;
  saved: boolean;
  /** The refused 중복 판단 기간, with the value sent. */
  error: { value: string } | null;
  work: { name: string; site: string | null };
  /** Whether the complex's content has the reminder's text (without it, none is sent). */
  hasReminderText: boolean;
}) {
  const id = useId();
  return (
    <section className="desk-assignment" id="lead-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-subtitle">
        접수 설정 · {work.name}
      </h2>
      <FormMessage tone="ok" focus>
        {saved ? LEAD_SETTINGS_MESSAGES.saved : null}
      </FormMessage>
      <Form
        method="post"
        action={`/admin/leads${work.site ? `?${DESK_SITE_PARAM}=${work.site}` : ""}`}
        className="desk-assignment-form"
      >
        <input type="hidden" name="intent" value="lead-settings" />
        <div className="field">
          <label htmlFor={`${id}-days`}>중복 판단 기간 (일)</label>
          <input
            id={`${id}-days`}
            name="duplicateDays"
            inputMode="numeric"
            defaultValue={error?.value ?? settings.duplicateDays}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-days-hint${error ? ` ${id}-days-error` : ""}`}
          />
          <p id={`${id}-days-hint`} className="field-hint">
            같은 번호가 어느 경로로든 마지막 접수나 통화로부터 이 기간 안에 다시 접수되면 같은 고객의
            접수 한 번으로 더하고, 그 뒤에 오면 새 문의로 보고 카드를 신규로 되돌립니다 (계약 제외).
          </p>
          {error ? (
            <p id={`${id}-days-error`} className="field-error">
              {LEAD_SETTINGS_MESSAGES.days}
            </p>
          ) : null}
        </div>
        <div>
          <p className="field-check">
            <input
              type="checkbox"
              id={`${id}-reminder`}
              name="visitReminder"
              defaultChecked={settings.visitReminder}
              aria-describedby={`${id}-reminder-hint`}
            />
            <label htmlFor={`${id}-reminder`}>방문 전날 알림 보내기</label>
          </p>
          <p id={`${id}-reminder-hint`} className="field-hint">
            내일 방문 예약이 있는 방문객에게 오늘 10시부터 알림을 한 번 보냅니다 (취소한 예약 제외).
            {hasReminderText
              ? ""
              : " 이 단지의 콘텐츠에 방문 전날 알림 문구가 없어 지금은 보내지 않습니다."}
          </p>
        </div>
        <button type="submit" className="btn btn-primary btn-small">
          접수 설정 저장
        </button>
      </Form>
    </section>
  );
}
