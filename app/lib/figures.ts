/*
 * The figures of a complex (세대수, 층수, 면적, 방 수) as pages write them, and the one word a page
 * shows in place of a figure the content does not give yet: a complex started blank
 * (app/console/blank.server.ts) has none until the editor enters them, and a page then says 준비 중,
 * never 0, NaN or "undefined".
 */

/** What a page shows for a figure not given yet. */
export const PENDING = "준비 중";

/** `format(value)`, or 준비 중 when the content has no value. */
export function figure(value: number | undefined, format: (n: number) => string): string {
  return value === undefined ? PENDING : format(value);
}

/** 1,234세대 */
export const householdsText = (n: number) => `${n.toLocaleString("ko-KR")}세대`;

/** 84.97㎡ */
export const areaText = (m2: number) => `${m2.toFixed(2)}㎡`;

/** Square metres to pyeong (평), the unit buyers compare by: 1평 = 400/121 ㎡. */
export const pyeong = (m2: number) => Math.round(m2 * 0.3025 * 10) / 10;
