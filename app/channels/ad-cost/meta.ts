/*
 * Meta Ads Manager's export, in Korean or English. The currency is in the spend column's title
 * ("지출 금액 (KRW)", "Amount spent (USD)"): only won is read. The amount spent is before VAT, so
 * VAT is added here.
 */
import { normalise } from "~/tables/header";
import { column, type ColumnPlatform } from "./header";

const SPEND = /^(지출금액|amountspent)\(([a-z]{3})\)$/;

export const meta: ColumnPlatform = {
  platform: "meta",
  read(header) {
    const cost = header.findIndex((cell) => SPEND.test(normalise(cell)));
    const campaign = column(header, "캠페인 이름", "Campaign name");
    if (cost < 0 || campaign === undefined) return null;
    const currency = SPEND.exec(normalise(header[cost]!))![2]!.toUpperCase();
    if (currency !== "KRW")
      return {
        refuse: `통화가 ${currency}인 보고서입니다. 광고 계정의 통화가 원화(KRW)인 보고서만 읽습니다.`,
      };
    // A day column when the report is broken down by day; else each row's reporting period.
    const day = column(header, "일", "Day");
    const start = column(header, "보고 시작", "Reporting starts");
    if (day === undefined && start === undefined)
      return { refuse: "날짜 열(일 또는 보고 시작)이 없습니다. 일별로 나누어 내려받아 주세요." };
    return {
      spec: {
        day: day ?? start!,
        dayEnd: day === undefined ? column(header, "보고 종료", "Reporting ends") : undefined,
        campaign,
        adGroup: column(header, "광고 세트 이름", "Ad set name"),
        impressions: column(header, "노출", "Impressions"),
        clicks: column(header, "링크 클릭", "Link clicks"),
        cost,
        costIncludesVat: false,
      },
    };
  },
};
