/*
 * 당근 비즈니스 광고's report: a date column (날짜 or 일자), 캠페인 or 캠페인 이름, and 비용 (VAT 포함),
 * whose title is what tells it apart.
 */
import { column, vatInTitle, type ColumnPlatform } from "./header";

export const daangn: ColumnPlatform = {
  platform: "daangn",
  read(header) {
    const cost = column(header, "비용 (VAT 포함)", "비용 (VAT 별도)");
    const day = column(header, "날짜", "일자", "일");
    const campaign = column(header, "캠페인 이름", "캠페인", "캠페인명");
    if (cost === undefined || day === undefined || campaign === undefined) return null;
    return {
      spec: {
        day,
        campaign,
        adGroup: column(header, "광고그룹 이름", "광고그룹", "광고 이름"),
        impressions: column(header, "노출수", "노출"),
        clicks: column(header, "클릭수", "클릭"),
        cost,
        costIncludesVat: vatInTitle(header[cost]) ?? true,
      },
    };
  },
};
