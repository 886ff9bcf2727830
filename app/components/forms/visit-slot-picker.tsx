import type { ReactNode } from "react";
import { useSite } from "~/lib/site";
import { slotTimes } from "~/bookings/visit-slots";

/*
 * "방문 희망 일시" in the visit forms (optional). The page around it is prerendered, so what it
 * renders, and what a visitor without JavaScript uses, is a date field and a time list that the
 * server checks (a full or closed slot comes back with a message and the next free slot filled
 * in). In the browser, app/enhance/visit-slots.ts fetches the live availability (never cached) and
 * puts in `[data-visit-choice]` the next opening days, then that day's slots with the seats left;
 * full and past slots are disabled. Either way the form sends `visitDate` (YYYY-MM-DD) and
 * `visitTime` (HH:MM).
 */

export type SlotValue = { date: string; time: string };

export function VisitSlotPicker({
  id,
  value,
  message,
  errorId,
}: {
  id: string;
  value: SlotValue;
  /** The field's message, placed under the choice. */
  message: ReactNode;
  /** Id of the message while one is shown. */
  errorId?: string;
}) {
  const { visits } = useSite().modelHouse;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errorId) || undefined;
  return (
    <fieldset
      className="visit-picker"
      data-field="visitSlot"
      data-visit-picker={id}
      aria-describedby={errorId ? `${hintId} ${errorId}` : hintId}
    >
      <legend id={`${id}-legend`}>
        방문 희망 일시 <span className="visit-optional">(선택)</span>
      </legend>
      <p id={hintId} className="visit-hint">
        날짜와 시간을 고르시면 견본주택 방문 예약이 확정됩니다. 고르지 않아도 등록할 수 있습니다.
      </p>
      <div className="visit-choice" data-visit-choice="">
        <div className="visit-plain">
          <div className="field">
            <label htmlFor={`${id}-date`}>방문 희망일</label>
            <input
              id={`${id}-date`}
              type="date"
              name="visitDate"
              defaultValue={value.date}
              aria-invalid={invalid}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-time`}>방문 희망 시간</label>
            <select
              id={`${id}-time`}
              name="visitTime"
              defaultValue={value.time}
              aria-invalid={invalid}
            >
              <option value="">선택 안 함</option>
              {slotTimes(visits).map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {message}
    </fieldset>
  );
}
