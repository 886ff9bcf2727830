import type { ReactNode } from "react";
import { useSite } from "~/lib/site";

/*
 * The model house as a visitor needs it before coming: where it is, when it is open, and the two
 * map links. The home page's visit section and the booking page (/b/<token>) show it, each in its
 * own style (`className`) and with rows of its own before or after (the booked slot, the phone).
 */

export function ModelHouseFacts({
  className,
  hoursLabel,
  before,
  after,
  state,
}: {
  className: string;
  /** "운영" where space is short, "운영 시간" otherwise. */
  hoursLabel: string;
  before?: ReactNode;
  after?: ReactNode;
  /** `data-state` of the list (the booking page marks a cancelled booking). */
  state?: string;
}) {
  const { modelHouse, identity } = useSite();
  return (
    <dl className={className} data-state={state}>
      {before}
      <div>
        <dt>장소</dt>
        <dd>
          {modelHouse.name}
          <br />
          {identity.modelHouseAddress}
        </dd>
      </div>
      <div>
        <dt>{hoursLabel}</dt>
        <dd>{modelHouse.hoursText}</dd>
      </div>
      {after}
    </dl>
  );
}

const MAPS = [
  { key: "naver", name: "네이버 지도", withVerb: "네이버 지도로 보기" },
  { key: "kakao", name: "카카오맵", withVerb: "카카오맵으로 보기" },
] as const;

/** The map links, opening in a new tab, after `label`; `withVerb`: "…로 보기" rather than the name. */
export function ModelHouseMapLinks({
  className,
  label,
  withVerb = false,
}: {
  className: string;
  label?: ReactNode;
  withVerb?: boolean;
}) {
  const { mapLinks } = useSite().modelHouse;
  return (
    <p className={className}>
      {label}
      {MAPS.map((map) => (
        <a key={map.key} href={mapLinks[map.key]} target="_blank" rel="noopener noreferrer">
          {withVerb ? map.withVerb : map.name}
          <span className="sr-only"> (새 창)</span>
        </a>
      ))}
    </p>
  );
}
