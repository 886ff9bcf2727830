/*
 * Google Ads: the report download (a title line and a date-range line, then Day, Campaign,
 * Currency code, Clicks, Impr., Cost, and totals rows at the end, which are skipped) and the API's
 * columns (segments.date, campaign.name, metrics.cost_micros in millionths). Costs are before VAT
 * (Google bills VAT on top), so VAT is added here. Only won is read.
 */
import { isTotal } from "./cost-rows";
import { column, type ColumnPlatform } from "./header";

export const googleAds: ColumnPlatform = {
  platform: "google-ads",
  read(header, body) {
    const day = column(header, "Day", "Date", "segments.date", "일");
    const campaign = column(header, "Campaign", "campaign.name", "캠페인");
    const cost = column(header, "Cost", "비용");
    const micros = column(header, "cost_micros", "metrics.cost_micros");
    const currency = column(header, "Currency code", "customer.currency_code", "통화 코드");
    if (day === undefined || campaign === undefined) return null;
    if (micros === undefined && (cost === undefined || currency === undefined)) return null;
    if (currency !== undefined) {
      const other = body
        .filter((r) => ![r.cells[0], r.cells[day]].some((c) => isTotal(c ?? "")))
        .map((r) => r.cells[currency] ?? "")
        .find((code) => code !== "" && code.toUpperCase() !== "KRW");
      if (other)
        return {
          refuse: `통화가 ${other}인 보고서입니다. 광고 계정의 통화가 원화(KRW)인 보고서만 읽습니다.`,
        };
    }
    return {
      spec: {
        day,
        campaign,
        adGroup: column(header, "Ad group", "ad_group.name", "광고그룹"),
        impressions: column(header, "Impr.", "Impressions", "metrics.impressions", "노출수"),
        clicks: column(header, "Clicks", "metrics.clicks", "클릭수"),
        cost: micros ?? cost!,
        costInMicros: micros !== undefined,
        costIncludesVat: false,
      },
    };
  },
};
