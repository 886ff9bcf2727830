/*
 * 새 단지's guided start (issue 39, item 3; docs/decisions/046-guided-start.md): five short steps,
 * each one screen on a phone, each a plain form posted to the server and answered with the next
 * step's address. The draft is made at the first step; the others change it.
 */

import type { IdentityFact } from "./complexes.server";

export const START_STEPS = [
  { key: "basics", label: "기본 정보" },
  { key: "color", label: "색과 로고" },
  { key: "photo", label: "첫 화면 사진" },
  { key: "units", label: "주택형" },
  { key: "confirm", label: "확인" },
] as const;

export type StartStep = (typeof START_STEPS)[number]["key"];

export const isStartStep = (key: string | undefined): key is StartStep =>
  START_STEPS.some((s) => s.key === key);

/** Where step `step` of complex `siteId` is; the first step of a complex not yet made is /admin/sites/new. */
export function startHref(siteId: string | null, step: StartStep = "basics"): string {
  if (!siteId) return "/admin/sites/new";
  return `/admin/sites/${siteId}/start/${step}`;
}

/** The step after (1) or before (-1) `step`, or null at either end. */
export function stepBeside(step: StartStep, by: 1 | -1): StartStep | null {
  const i = START_STEPS.findIndex((s) => s.key === step) + by;
  return START_STEPS[i]?.key ?? null;
}

/** The home hero's two crops, as the sample's slots are sized (1920×1200 and 1170×1890). */
export const HERO_CROPS = {
  wide: { width: 1920, height: 1200 },
  tall: { width: 1170, height: 1890 },
} as const;

/** The facts of 단지 기본 정보 the first step asks, in its order, with their labels. */
export const BASIC_FACTS: { name: "name" | IdentityFact; label: string; placeholder: string }[] = [
  { name: "name", label: "단지명", placeholder: "하늘채 오산 레이크" },
  { name: "brand", label: "브랜드", placeholder: "힐스테이트" },
  { name: "phone", label: "대표 전화", placeholder: "1600-0000" },
  { name: "developer", label: "시행", placeholder: "(주)시행사" },
  { name: "builder", label: "시공", placeholder: "(주)건설사" },
  { name: "address", label: "단지 주소", placeholder: "경기도 화성시 오산동 …" },
  { name: "modelHouseAddress", label: "견본주택 주소", placeholder: "경기도 화성시 …" },
];
