import { useEffect, useState, type ReactNode } from "react";
import { content } from "~/content";
import {
  dayChip,
  formatSlot,
  formatVisitDate,
  slotTimes,
  VISIT_SLOTS_PATH,
  type Availability,
} from "~/lib/visit-slots";

/*
 * "방문 희망 일시" in the visit forms (optional). The page around it is prerendered, so what it
 * first renders, and what a visitor without JavaScript uses, is a date field and a time list that
 * the server checks (a full or closed slot comes back with a message and the next free slot filled
 * in). With JavaScript the live availability is fetched (never cached) and the choice becomes the
 * next opening days, then that day's slots with the seats left; full and past slots are disabled.
 * Either way the form sends `visitDate` (YYYY-MM-DD) and `visitTime` (HH:MM).
 */

export type SlotValue = { date: string; time: string };

type Load =
  | { state: "loading" }
  | { state: "ready"; availability: Availability }
  | { state: "failed" };

export function VisitSlotPicker({
  id,
  value,
  onChange,
  hydrated,
  refreshKey,
  message,
  errorId,
}: {
  id: string;
  value: SlotValue;
  onChange: (value: SlotValue) => void;
  hydrated: boolean;
  /** A new value fetches the availability again (after every answer of the server). */
  refreshKey: number;
  /** The field's message element (or its reserved space), placed under the choice. */
  message: ReactNode;
  /** Id of the message while one is shown. */
  errorId?: string;
}) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const legendId = `${id}-legend`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    const controller = new AbortController();
    fetch(VISIT_SLOTS_PATH, {
      cache: "no-store",
      headers: { Accept: "application/json" },
      signal: controller.signal,
    })
      .then((r) => (r.ok ? (r.json() as Promise<Availability>) : Promise.reject(r.status)))
      .then((availability) => setLoad({ state: "ready", availability }))
      .catch(() => {
        if (!controller.signal.aborted)
          setLoad((prev) => (prev.state === "ready" ? prev : { state: "failed" }));
      });
    return () => controller.abort();
  }, [refreshKey]);

  const live = hydrated && load.state === "ready" ? load.availability : null;
  return (
    <fieldset className="visit-picker" aria-describedby={errorId ? `${hintId} ${errorId}` : hintId}>
      <legend id={legendId}>
        방문 희망 일시 <span className="visit-optional">(선택)</span>
      </legend>
      <p id={hintId} className="visit-hint">
        날짜와 시간을 고르시면 견본주택 방문 예약이 확정됩니다. 고르지 않아도 등록할 수 있습니다.
      </p>
      {live ? (
        <LivePicker id={id} availability={live} value={value} onChange={onChange} />
      ) : hydrated && load.state === "loading" ? (
        <p className="visit-loading" aria-live="polite">
          예약 가능한 시간을 불러오는 중입니다…
        </p>
      ) : (
        <PlainPicker id={id} value={value} onChange={onChange} invalid={Boolean(errorId)} />
      )}
      {message}
    </fieldset>
  );
}

/** Without JavaScript (or without the availability): a date field and the day's slot times. */
function PlainPicker({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: SlotValue;
  onChange: (value: SlotValue) => void;
  invalid: boolean;
}) {
  return (
    <div className="visit-plain">
      <div className="field">
        <label htmlFor={`${id}-date`}>방문 희망일</label>
        <input
          id={`${id}-date`}
          type="date"
          name="visitDate"
          value={value.date}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange({ ...value, date: e.currentTarget.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-time`}>방문 희망 시간</label>
        <select
          id={`${id}-time`}
          name="visitTime"
          value={value.time}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange({ ...value, time: e.currentTarget.value })}
        >
          <option value="">선택 안 함</option>
          {slotTimes(content.modelHouse.visits).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function LivePicker({
  id,
  availability,
  value,
  onChange,
}: {
  id: string;
  availability: Availability;
  value: SlotValue;
  onChange: (value: SlotValue) => void;
}) {
  if (availability.days.length === 0)
    return <p className="visit-empty">지금은 예약할 수 있는 날짜가 없습니다.</p>;
  const day = availability.days.find((d) => d.date === value.date);
  const anyOpen = day?.slots.some((s) => s.state === "open");
  return (
    <>
      <div className="visit-days" role="radiogroup" aria-label="방문 희망일">
        {availability.days.map((d) => {
          const chip = dayChip(d.date);
          const full = !d.slots.some((s) => s.state === "open");
          return (
            <label
              key={d.date}
              className="visit-day"
              data-weekday={chip.weekday}
              data-full={full ? "true" : undefined}
            >
              <input
                type="radio"
                name="visitDate"
                value={d.date}
                checked={value.date === d.date}
                onChange={() => onChange({ date: d.date, time: "" })}
              />
              <span className="visit-chip" aria-hidden="true">
                <span className="visit-chip-day">{chip.day}</span>
                <span className="visit-chip-weekday">{full ? "마감" : chip.weekday}</span>
              </span>
              <span className="sr-only">
                {formatVisitDate(d.date)}
                {full ? " 마감" : ""}
              </span>
            </label>
          );
        })}
      </div>
      {day ? (
        <div
          className="visit-times"
          role="radiogroup"
          aria-label={`${formatVisitDate(day.date)} 방문 시간`}
        >
          {day.slots.map((s) => {
            const note =
              s.state === "past" ? "지남" : s.state === "full" ? "마감" : `잔여 ${s.left}`;
            return (
              <label key={s.time} className="visit-time" data-state={s.state}>
                <input
                  type="radio"
                  name="visitTime"
                  value={s.time}
                  disabled={s.state !== "open"}
                  checked={value.time === s.time}
                  onChange={() => onChange({ date: day.date, time: s.time })}
                />
                <span className="visit-chip">
                  <span className="visit-chip-day">{s.time}</span>
                  <span className="visit-chip-left">{note}</span>
                </span>
              </label>
            );
          })}
        </div>
      ) : null}
      {day && !anyOpen ? (
        <p className="visit-empty">이 날은 예약이 모두 찼습니다. 다른 날짜를 골라 주세요.</p>
      ) : null}
      {value.date ? (
        <p className="visit-chosen">
          <span>
            {value.time ? (
              <>
                선택한 일시: <strong>{formatSlot(`${value.date}T${value.time}`)}</strong>
              </>
            ) : (
              <>{formatVisitDate(value.date)}: 방문 시간을 골라 주세요.</>
            )}
          </span>
          <button
            type="button"
            className="visit-clear"
            onClick={() => onChange({ date: "", time: "" })}
            aria-describedby={`${id}-legend`}
          >
            선택 해제
          </button>
        </p>
      ) : null}
    </>
  );
}
