/*
 * Naver 검색광고: the screen's download (a title line, then 캠페인, 광고그룹, 일별 or a period, 노출수,
 * 클릭수, 총비용(VAT포함,원)) and the API's stat report (AD), a TSV without a header whose campaigns
 * and ad groups are IDs and whose cost excluded VAT until 2026-03-29.
 */
import {
  isReason,
  parseDay,
  readCost,
  readCount,
  wonWithVat,
  type CostRow,
  type Refusal,
} from "./cost-rows";
import type { TableRow } from "~/tables/header";
import { column, vatInTitle, type ColumnPlatform } from "./header";

export const naverScreen: ColumnPlatform = {
  platform: "naver-search",
  read(header) {
    const cost = column(header, "총비용(VAT포함,원)", "총비용(VAT포함)", "총비용(원)", "총비용");
    const day = column(header, "일별", "기간", "날짜");
    const campaign = column(header, "캠페인", "캠페인명", "캠페인 이름");
    if (cost === undefined || day === undefined || campaign === undefined) return null;
    return {
      spec: {
        day,
        campaign,
        adGroup: column(header, "광고그룹", "광고그룹명", "광고그룹 이름"),
        impressions: column(header, "노출수"),
        clicks: column(header, "클릭수"),
        cost,
        // The screen writes its costs with VAT ("총비용(VAT포함,원)").
        costIncludesVat: vatInTitle(header[cost]) ?? true,
      },
    };
  },
};

/** From this day on the API's Cost includes VAT; before it, VAT is added here. */
const NAVER_API_COST_WITH_VAT_FROM = "2026-03-30";

// The API report's columns: Date, CUSTOMER ID, Campaign ID, AD Group ID, AD keyword ID, AD ID,
// Business Channel ID, Media code, PC Mobile Type, Impression, Click, Cost, Sum of AD rank, View count.
const [DATE, CAMPAIGN, AD_GROUP, IMPRESSION, CLICK, COST] = [0, 2, 3, 9, 10, 11] as const;

const isNumber = (cell: string | undefined) => /^[0-9]+(\.[0-9]+)?$/.test(cell ?? "");

/** A headerless TSV whose first row starts with a yyyyMMdd date and has the report's numbers. */
export function isNaverApiReport(rows: readonly TableRow[]): boolean {
  const first = rows[0]?.cells;
  return (
    first !== undefined &&
    first.length >= 13 &&
    /^[0-9]{8}$/.test(first[DATE] ?? "") &&
    [IMPRESSION, CLICK, COST].every((at) => isNumber(first[at]))
  );
}

interface Sum {
  row: number;
  day: string;
  campaignId: string;
  adGroup: string;
  impressions: number;
  clicks: number;
  cost: number;
}

/** The report's rows summed per day, campaign and ad group, campaigns named where `names` can. */
export function readNaverApi(
  rows: readonly TableRow[],
  names: Readonly<Record<string, string>>,
): { rows: CostRow[]; refused: Refusal[]; unnamedCampaigns: string[] } {
  const sums = new Map<string, Sum>();
  const refused: Refusal[] = [];
  for (const { line, cells } of rows) {
    const day = parseDay(cells[DATE] ?? "");
    const cost = readCost(cells[COST] ?? "", false);
    const impressions = readCount(cells[IMPRESSION] ?? "", "노출수");
    const clicks = readCount(cells[CLICK] ?? "", "클릭수");
    const reasons = [cost, impressions, clicks].filter(isReason).map((r) => r.reason);
    if (!day) reasons.unshift(`날짜 «${cells[DATE] ?? ""}»를 읽지 못했습니다`);
    if (!day || isReason(cost) || isReason(impressions) || isReason(clicks)) {
      refused.push({ row: line, reason: reasons.join(", ") });
      continue;
    }
    const [campaignId, adGroup] = [cells[CAMPAIGN] ?? "", cells[AD_GROUP] ?? ""];
    const key = JSON.stringify([day, campaignId, adGroup]);
    const sum = sums.get(key) ?? {
      row: line,
      day,
      campaignId,
      adGroup,
      impressions: 0,
      clicks: 0,
      cost: 0,
    };
    sum.impressions += impressions ?? 0;
    sum.clicks += clicks ?? 0;
    sum.cost += cost;
    sums.set(key, sum);
  }
  const named = (id: string) => (Object.hasOwn(names, id) ? names[id] : undefined);
  const unnamed = new Set<string>();
  const costRows = [...sums.values()].map((s): CostRow => {
    const name = named(s.campaignId);
    if (name === undefined) unnamed.add(s.campaignId);
    return {
      day: s.day,
      campaign: name ?? s.campaignId,
      adGroup: s.adGroup,
      impressions: s.impressions,
      clicks: s.clicks,
      // Summed first, then VAT and rounding once per row.
      costWon: wonWithVat(s.cost, s.day >= NAVER_API_COST_WITH_VAT_FROM),
      row: s.row,
    };
  });
  return { rows: costRows, refused, unnamedCampaigns: [...unnamed] };
}
