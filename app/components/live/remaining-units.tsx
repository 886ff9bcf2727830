import type { RemainingUnits, UnitType } from "~/content/schema";
import { formatKoreanDateTime } from "~/lib/korean-time";

/**
 * 잔여 세대 현황: per unit type, the units left or 마감, and when they were counted (운영 정보).
 * Nothing when the administrator has not given any.
 */
export function RemainingUnitsBoard({
  remaining,
  unitTypes,
  className,
}: {
  remaining: RemainingUnits | undefined;
  unitTypes: UnitType[];
  className?: string;
}) {
  if (!remaining) return null;
  const rows = unitTypes.filter((u) => remaining.counts[u.key] !== undefined);
  if (rows.length === 0) return null;
  return (
    <section className={`remaining ${className ?? ""}`} aria-labelledby="remaining-title">
      <h2 id="remaining-title" className="remaining-title">
        잔여 세대 현황
      </h2>
      <p className="remaining-when">
        <time dateTime={remaining.updatedAt}>{formatKoreanDateTime(remaining.updatedAt)}</time> 기준
      </p>
      <ul className="remaining-list">
        {rows.map((u) => {
          const count = remaining.counts[u.key]!;
          return (
            <li key={u.key} className={count === 0 ? "remaining-item is-closed" : "remaining-item"}>
              <span className="remaining-type">{u.label}</span>
              <span className="remaining-count">{count === 0 ? "마감" : `${count}세대`}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
