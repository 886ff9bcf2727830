/*
 * 광고비 가져오기's words (issue 41): what the console calls each report format, which utm_source
 * it proposes for one before the complex has chosen its own, and the columns a person picks for a
 * file no platform claims. Pure: shared by the page and app/channels/ad-cost-import.server.ts.
 */
import type { ColumnMapping } from "~/channels/ad-cost/ad-cost";
import type { Platform } from "~/channels/ad-cost/cost-rows";

export const PLATFORM_LABEL: Record<Platform | "manual", string> = {
  "naver-search": "네이버 검색광고",
  "naver-api": "네이버 검색광고 API",
  "kakao-moment": "카카오모먼트",
  meta: "메타",
  "google-ads": "구글 애즈",
  daangn: "당근",
  mapped: "직접 지정",
  manual: "직접 입력",
};

/** The utm_source proposed for a platform's file until the complex has chosen its own. */
export const USUAL_SOURCE: Record<Platform, string> = {
  "naver-search": "naver",
  "naver-api": "naver",
  "kakao-moment": "kakao",
  meta: "meta",
  "google-ads": "google",
  daangn: "daangn",
  mapped: "",
};

/** The columns of the mapping step, in order: the field's name, its label, whether it must be picked. */
export const MAPPING_COLUMNS = [
  { name: "day", label: "날짜", required: true },
  { name: "source", label: "유입 경로 (utm_source)", required: false },
  { name: "campaign", label: "캠페인", required: false },
  { name: "cost", label: "비용", required: true },
  { name: "clicks", label: "클릭수", required: false },
  { name: "impressions", label: "노출수", required: false },
] as const satisfies readonly { name: keyof ColumnMapping; label: string; required: boolean }[];

/** The Korean messages of the import, one place. */
export const IMPORT_MESSAGES = {
  noFile: "가져올 파일(CSV, TSV, XLSX)을 골라 주세요.",
  gone: "올린 파일을 찾지 못했습니다 (24시간이 지났거나 이미 저장했습니다). 파일을 다시 올려 주세요.",
  noSource: "이 파일의 유입 경로(utm_source)를 적어 주세요.",
  badSource: "유입 경로는 영문·숫자로 된 utm_source 값이어야 합니다 (예: naver).",
  unnamed: "캠페인 ID마다 이름(utm_campaign)을 적어 주세요.",
  refused: (n: number) =>
    `거부된 행이 ${n}개 있습니다. 그 행을 빼고 저장하려면 ‘거부된 ${n}행을 빼고 저장’을 골라 주세요.`,
  overlap: (n: number) =>
    `이미 저장된 비용과 ${n}개 캠페인·날짜가 겹칩니다. 그 비용을 이 파일의 것으로 바꾸려면 ‘겹치는 날을 이 파일로 바꾸기’를 골라 주세요.`,
  changed: "미리 보기를 새로 만들었습니다. 바뀐 내용을 확인한 뒤 저장해 주세요.",
  nothing: "저장할 행이 없습니다.",
  mapping: (label: string) => `${label} 열을 골라 주세요.`,
} as const;
