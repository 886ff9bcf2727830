/*
 * A Meta lead form's answers onto our lead's fields (issue 42, item 1): the form's questions, what
 * each one becomes (set per form in the console, app/routes/admin/crm/meta-forms.tsx; by default
 * by the standard names), and a lead read from the Graph API mapped through it. Pure: the server
 * (meta-leads.server.ts) and the console page share it.
 */
import { normalizePhone } from "~/lib/phone";
import { MESSAGE_MAX, NAME_MAX } from "~/leads/lead-form";

/** What a question's answer becomes on our lead. */
export const META_TARGETS = [
  "name",
  "phone",
  "message",
  "consent",
  "sms_consent",
  "ignore",
] as const;
export type MetaTarget = (typeof META_TARGETS)[number];

export const META_TARGET_LABEL: Record<MetaTarget, string> = {
  name: "이름",
  phone: "연락처",
  message: "문의 내용에 적기",
  consent: "개인정보 수집·이용 동의",
  sms_consent: "마케팅 수신 동의",
  ignore: "쓰지 않기",
};

/** Which of the ad's names becomes the lead's campaign. */
export const META_CAMPAIGN_FROM = ["campaign_name", "ad_name"] as const;
export type MetaCampaignFrom = (typeof META_CAMPAIGN_FROM)[number];
export const META_CAMPAIGN_LABEL: Record<MetaCampaignFrom, string> = {
  campaign_name: "캠페인 이름",
  ad_name: "광고 이름",
};

/** The lead's utm_source unless the complex chose its own. */
export const META_DEFAULT_SOURCE = "meta";

/** A question of the form: its key (the name its answers carry in field_data), its label, its type. */
export type MetaQuestion = { key: string; label: string; type: string };

export type MetaMapping = {
  fields: Record<string, MetaTarget>;
  campaign: MetaCampaignFrom;
  source: string;
};

/** The Graph API's lead (`GET /<leadgen_id>?fields=…`), the fields we ask for. */
export type GraphLead = {
  id: string;
  created_time?: string;
  form_id?: string;
  ad_name?: string;
  campaign_name?: string;
  field_data?: { name: string; values?: string[] }[];
};

const plain = (s: string) =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s_·-]/g, "");

/** What a question becomes when nobody chose: by Meta's standard types and keys, and Korean names. */
function defaultTarget(q: MetaQuestion): MetaTarget {
  const words = `${plain(q.key)} ${plain(q.label)}`;
  if (q.type === "FULL_NAME" || /^(fullname|name|이름|성명|성함)$/.test(plain(q.key)))
    return "name";
  if (
    q.type === "PHONE" ||
    /^(phonenumber|phone|연락처|전화번호|휴대폰|휴대폰번호)$/.test(plain(q.key))
  )
    return "phone";
  if (words.includes("동의")) return /마케팅|광고|수신/.test(words) ? "sms_consent" : "consent";
  return "message";
}

/** The mapping in force: the stored one, a question it does not name taking its default. */
export function effectiveMapping(
  questions: readonly MetaQuestion[],
  stored: MetaMapping | null,
): MetaMapping {
  const fields: Record<string, MetaTarget> = {};
  for (const q of questions) fields[q.key] = stored?.fields[q.key] ?? defaultTarget(q);
  return {
    fields,
    campaign: stored?.campaign ?? "campaign_name",
    source: stored?.source || META_DEFAULT_SOURCE,
  };
}

const NO = /(미|비)\s*동의|동의\s*(하지|안|않)|거부|아니/;
const YES = /^(예|네|yes|y|true|1|agree|agreed|o|checked)$/i;

/** A consent question's answer recorded as given: 예, 네, yes, 동의(함, 합니다)…, never 미동의. */
function consentGiven(values: readonly string[] | undefined): boolean {
  const v = (values?.[0] ?? "").normalize("NFKC").trim();
  if (!v || NO.test(v)) return false;
  return YES.test(v) || v.includes("동의");
}

export type MappedMetaLead =
  | {
      ok: true;
      name: string;
      phone: string;
      message: string;
      /** The privacy consent question answered as given; else the lead is 동의 미확인. */
      consent: boolean;
      smsConsent: boolean;
      source: string;
      campaign: string | null;
    }
  | { ok: false; reason: string };

/** A lead's answers through the mapping; a lead without a Korean phone number cannot be a card. */
export function mapMetaLead(
  lead: GraphLead,
  questions: readonly MetaQuestion[],
  mapping: MetaMapping,
): MappedMetaLead {
  const labels = new Map(questions.map((q) => [q.key, q.label || q.key]));
  let name = "";
  let phoneText = "";
  const lines: string[] = [];
  let consent = false;
  let smsConsent = false;
  for (const field of lead.field_data ?? []) {
    const values = (field.values ?? []).map((v) => String(v).trim()).filter(Boolean);
    const target =
      mapping.fields[field.name] ?? defaultTarget({ key: field.name, label: "", type: "" });
    if (target === "name") name ||= values.join(" ");
    else if (target === "phone") phoneText ||= values[0] ?? "";
    else if (target === "consent") consent ||= consentGiven(values);
    else if (target === "sms_consent") smsConsent ||= consentGiven(values);
    else if (target === "message" && values.length)
      lines.push(`${labels.get(field.name) ?? field.name}: ${values.join(", ")}`);
  }
  const phone = normalizePhone(phoneText);
  if (!phone)
    return {
      ok: false,
      reason: phoneText
        ? `연락처가 국내 전화번호가 아닙니다 (${phoneText.slice(0, 30)})`
        : "연락처 답이 없습니다. 양식의 질문 연결에서 연락처를 골라 주세요.",
    };
  const campaign = (mapping.campaign === "ad_name" ? lead.ad_name : lead.campaign_name)?.trim();
  return {
    ok: true,
    name: (name || "이름 없음").slice(0, NAME_MAX),
    phone,
    message: lines.join("\n").slice(0, MESSAGE_MAX),
    consent,
    smsConsent: consent && smsConsent,
    source: mapping.source,
    campaign: campaign ? campaign.slice(0, 100) : null,
  };
}
