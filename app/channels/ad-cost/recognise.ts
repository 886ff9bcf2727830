/*
 * Which platform wrote a file, told by its header among the first lines (title and date-range lines
 * may come before it); Naver's API report, which has no header, by its first row.
 */
import type { TableRow } from "~/tables/header";
import { daangn } from "./daangn";
import { googleAds } from "./google-ads";
import type { ColumnPlatform, Reading } from "./header";
import { kakaoMoment } from "./kakao-moment";
import { meta } from "./meta";
import { naverScreen } from "./naver";

/** How many lines may come before a header. */
export const HEADER_WITHIN = 10;

// More specific headers first: Google's Korean header has 일, 캠페인 and 비용 too.
const PLATFORMS: readonly ColumnPlatform[] = [naverScreen, meta, googleAds, kakaoMoment, daangn];

/** The platform whose header a file has, the header's index and the platform's reading of it. */
export function recognise(
  rows: readonly TableRow[],
): { platform: ColumnPlatform["platform"]; headerAt: number; reading: Reading } | null {
  for (let at = 0; at < Math.min(HEADER_WITHIN, rows.length); at++) {
    for (const p of PLATFORMS) {
      const reading = p.read(rows[at]!.cells, rows.slice(at + 1));
      if (reading) return { platform: p.platform, headerAt: at, reading };
    }
  }
  return null;
}

/** The header of a file no platform claims: its first line with two cells or more. */
export function likelyHeader(rows: readonly TableRow[]): string[] {
  const top = rows.slice(0, HEADER_WITHIN);
  return (top.find((r) => r.cells.filter((c) => c !== "").length >= 2) ?? top[0])?.cells ?? [];
}
