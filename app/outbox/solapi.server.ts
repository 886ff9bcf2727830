/*
 * Solapi: the complex's messages through Solapi's HTTP API (docs/decisions/021-solapi.md), when its
 * SOLAPI_API_KEY is set. One message per request to POST {SOLAPI_API_URL}/messages/v4/send-many/detail,
 * signed with HMAC-SHA256 over date + salt. With content `kakao`, the visit confirmation and the
 * staff alert go as 알림톡 (ATA) with their text as the substitute Solapi sends when the 알림톡
 * cannot be delivered; everything else, and a text over 1,000 characters, as SMS or LMS.
 */
import { createHmac, randomBytes } from "node:crypto";
import { hasOwnSiteSetting, siteSetting, siteSettingVariable } from "~/env.server";
import { requireSite } from "~/sites/registry.server";
import {
  ALIMTALK_MAX_CHARS,
  DeliveryError,
  senderNumber,
  smsProviderFor,
  textType,
  type MessageType,
  type SmsDetails,
  type SmsProvider,
  type SmsPurpose,
  type SmsReceipt,
} from "./sms.server";

export const SOLAPI_SEND_PATH = "/messages/v4/send-many/detail";

/** The Authorization header of a Solapi request: a fresh date and salt, signed with the secret. */
function solapiAuthorization(apiKey: string, apiSecret: string, now = new Date()): string {
  const date = now.toISOString();
  const salt = randomBytes(32).toString("hex");
  const signature = solapiSignature(apiSecret, date, salt);
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

export function solapiSignature(apiSecret: string, date: string, salt: string): string {
  return createHmac("sha256", apiSecret)
    .update(date + salt)
    .digest("hex");
}

/** Which of the complex's 알림톡 templates a message of this purpose uses (none: a text). */
const TEMPLATE_OF: Partial<
  Record<SmsPurpose, "visitConfirmation" | "staffAlert" | "visitReminder">
> = {
  confirmation: "visitConfirmation",
  staff: "staffAlert",
  reminder: "visitReminder",
};

export type SolapiMessage = {
  to: string;
  from: string;
  text: string;
  type: MessageType;
  kakaoOptions?: {
    pfId: string;
    templateId: string;
    variables: Record<string, string>;
    disableSms: false;
  };
};

/**
 * The message as Solapi takes it. 알림톡 only for a purpose with a template, when the complex has
 * `kakao` and the row carries its variables (rows queued before had none) and the text fits an
 * 알림톡; else SMS or LMS by the text's length.
 */
function solapiMessage(
  siteId: string,
  to: string,
  text: string,
  details?: SmsDetails,
): SolapiMessage {
  const site = requireSite(siteId);
  const base = { to: to.replace(/[^0-9]/g, ""), from: senderNumber(siteId), text };
  const template = details?.purpose ? TEMPLATE_OF[details.purpose] : undefined;
  const templateId = template ? site.kakao?.templates[template] : undefined;
  if (site.kakao && templateId && details?.variables && text.length <= ALIMTALK_MAX_CHARS) {
    return {
      ...base,
      type: "ATA",
      kakaoOptions: {
        pfId: site.kakao.pfId,
        templateId,
        variables: Object.fromEntries(
          Object.entries(details.variables).map(([k, v]) => [k, String(v)]),
        ),
        // Solapi sends `text` as SMS/LMS when the 알림톡 cannot be delivered.
        disableSms: false,
      },
    };
  }
  return { ...base, type: textType(text) };
}

type SendAnswer = {
  messageList?: { messageId?: string; statusCode?: string; statusMessage?: string }[];
  failedMessageList?: { messageId?: string; statusCode?: string; statusMessage?: string }[];
  errorCode?: string;
  errorMessage?: string;
};

export class SolapiProvider implements SmsProvider {
  constructor(
    private readonly options: {
      siteId: string;
      apiUrl: string;
      apiKey: string;
      apiSecret: string;
      timeoutMs?: number;
    },
  ) {}

  async send(to: string, text: string, details?: SmsDetails): Promise<SmsReceipt> {
    const { siteId, apiUrl, apiKey, apiSecret, timeoutMs = 5000 } = this.options;
    const message = solapiMessage(siteId, to, text, details);
    const response = await fetch(`${apiUrl.replace(/\/+$/, "")}${SOLAPI_SEND_PATH}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        Authorization: solapiAuthorization(apiKey, apiSecret),
      },
      body: JSON.stringify({ messages: [message], showMessageList: true }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await response.json().catch(() => ({}))) as SendAnswer;
    if (!response.ok) {
      const why = answer.errorCode ? ` (${answer.errorCode})` : "";
      throw new DeliveryError(`Solapi 응답 ${response.status}${why}`, response.status);
    }
    // Solapi answers 200 with the messages it refused in failedMessageList.
    const failed = answer.failedMessageList?.[0];
    if (failed)
      throw new DeliveryError(
        `Solapi 접수 거부 ${failed.statusCode ?? ""} ${failed.statusMessage ?? ""}`.trim(),
      );
    return { messageId: answer.messageList?.[0]?.messageId ?? null, type: message.type };
  }
}

/**
 * The provider a complex's messages go through: Solapi when its SOLAPI_API_KEY is set (its own
 * SOLAPI_API_KEY__<ID>, else the default), else the SMS gateway (or the log) as before. A complex
 * with a key of its own signs only with its own secret: the default secret never signs its key.
 */
export function messageProviderFor(siteId: string): SmsProvider {
  const apiKey = siteSetting("SOLAPI_API_KEY", siteId);
  if (!apiKey) return smsProviderFor(siteId);
  const ownKey = hasOwnSiteSetting("SOLAPI_API_KEY", siteId);
  const apiSecret =
    !ownKey || hasOwnSiteSetting("SOLAPI_API_SECRET", siteId)
      ? siteSetting("SOLAPI_API_SECRET", siteId)
      : undefined;
  if (!apiSecret) {
    const missing = ownKey ? siteSettingVariable("SOLAPI_API_SECRET", siteId) : "SOLAPI_API_SECRET";
    return {
      async send() {
        throw new DeliveryError(`${missing}가 설정되지 않았습니다`);
      },
    };
  }
  return new SolapiProvider({
    siteId,
    apiUrl: siteSetting("SOLAPI_API_URL", siteId),
    apiKey,
    apiSecret,
  });
}
