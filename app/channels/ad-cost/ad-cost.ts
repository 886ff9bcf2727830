/*
 * An ad platform's report file → cost rows: what each day's campaigns cost, in whole won with VAT.
 * The platform is told by the header; a file none claims is read through the columns a person
 * picks (`parseWithMapping`), remembered by `headerKey`.
 */
import { readColumns, type AdCostResult, type ColumnSpec } from "./cost-rows";
import { column } from "./header";
import { isNaverApiReport, readNaverApi } from "./naver";
import { readTable } from "~/tables/read-table";
import { HEADER_WITHIN, likelyHeader, recognise } from "./recognise";

const MAX_ROWS = 100_000;

const tooMany = (count: number) =>
  count > MAX_ROWS
    ? ({
        ok: false,
        message: `행이 ${MAX_ROWS.toLocaleString("en-US")}개를 넘습니다 (${count.toLocaleString("en-US")}행). 기간을 나누어 내려받아 주세요.`,
      } as const)
    : null;

const EMPTY = { ok: false, message: "파일에 내용이 없습니다." } as const;

interface AdCostOptions {
  /** Names of campaigns by ID, for Naver's API report, whose rows name campaigns by ID only. */
  campaignNames?: Readonly<Record<string, string>>;
}

/** A report file read by the platform its header names, or why it cannot be. */
export async function parseAdCostFile(
  bytes: Uint8Array,
  options: AdCostOptions = {},
): Promise<AdCostResult> {
  const table = await readTable(bytes);
  if (!table.ok) return table;
  const { rows } = table;
  if (rows.length === 0) return EMPTY;
  if (isNaverApiReport(rows)) {
    const read = readNaverApi(rows, options.campaignNames ?? {});
    return tooMany(rows.length) ?? { ok: true, platform: "naver-api", currency: "KRW", ...read };
  }
  const found = recognise(rows);
  if (!found)
    return {
      ok: false,
      needsMapping: true,
      header: likelyHeader(rows),
      message:
        "어느 광고 매체의 보고서인지 알아보지 못했습니다. 날짜와 비용이 있는 열을 골라 주세요.",
    };
  if ("refuse" in found.reading) return { ok: false, message: found.reading.refuse };
  const body = rows.slice(found.headerAt + 1);
  return (
    tooMany(body.length) ?? {
      ok: true,
      platform: found.platform,
      currency: "KRW",
      unnamedCampaigns: [],
      ...readColumns(body, found.reading.spec),
    }
  );
}

/** The columns a person picked, by their header titles, for a file no platform claims. */
export interface ColumnMapping {
  day: string;
  campaign?: string;
  source?: string;
  cost: string;
  clicks?: string;
  impressions?: string;
  /** When false, 10 % VAT is added to the cost. */
  costIncludesVat: boolean;
}

/** A file read through the columns a person picked; the header is the first line that has them all. */
export async function parseWithMapping(
  bytes: Uint8Array,
  mapping: ColumnMapping,
): Promise<AdCostResult> {
  const table = await readTable(bytes);
  if (!table.ok) return table;
  const { rows } = table;
  if (rows.length === 0) return EMPTY;
  const { day, campaign, source, cost, clicks, impressions } = mapping;
  const wanted = [day, campaign, source, cost, clicks, impressions].filter(
    (t): t is string => t !== undefined,
  );
  const headerAt = rows
    .slice(0, HEADER_WITHIN)
    .findIndex((r) => wanted.every((t) => column(r.cells, t) !== undefined));
  if (headerAt < 0)
    return {
      ok: false,
      message: `고른 열(${wanted.join(", ")})이 모두 있는 제목 줄을 찾지 못했습니다.`,
    };
  const header = rows[headerAt]!.cells;
  const at = (title: string | undefined) =>
    title === undefined ? undefined : column(header, title);
  const spec: ColumnSpec = {
    day: at(day)!,
    campaign: at(campaign),
    source: at(source),
    impressions: at(impressions),
    clicks: at(clicks),
    cost: at(cost)!,
    costIncludesVat: mapping.costIncludesVat,
  };
  const body = rows.slice(headerAt + 1);
  return (
    tooMany(body.length) ?? {
      ok: true,
      platform: "mapped",
      currency: "KRW",
      unnamedCampaigns: [],
      ...readColumns(body, spec),
    }
  );
}
