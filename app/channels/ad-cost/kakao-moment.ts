/*
 * Kakao Moment's report download: 일 (yyyyMMdd or yyyy-MM-dd), 캠페인 이름, 광고그룹 이름, 노출수,
 * 클릭수, 비용. Its 비용 is the amount before VAT (Kakao bills VAT on top), so VAT is added here
 * unless the column's title says it is included.
 */
import { column, vatInTitle, type ColumnPlatform } from "./header";

export const kakaoMoment: ColumnPlatform = {
  platform: "kakao-moment",
  read(header) {
    const day = column(header, "일");
    const campaign = column(header, "캠페인 이름");
    const adGroup = column(header, "광고그룹 이름");
    const cost = column(header, "비용");
    if ([day, campaign, adGroup, cost].includes(undefined)) return null;
    return {
      spec: {
        day: day!,
        campaign,
        adGroup,
        impressions: column(header, "노출수"),
        clicks: column(header, "클릭수"),
        cost: cost!,
        costIncludesVat: vatInTitle(header[cost!]) ?? false,
      },
    };
  },
};
