/*
 * SMS: the text a visit registration sends, and the providers that send it.
 * The text follows the rules for advertising messages: "(광고)" first, the sender's name,
 * and a free opt-out number last.
 */
import { content } from "~/content";
import { env } from "~/env.server";

export interface SmsProvider {
  /** Resolves when the gateway accepted the message; throws (with a reason) when it did not. */
  send(to: string, text: string): Promise<void>;
}

/** The SMS a visitor gets after registering a visit (with SMS consent). */
export function visitSmsText(name: string): string {
  const { project, contact, privacy } = content;
  return [
    `(광고) ${project.siteName}`,
    `${name}님, 방문예약이 접수되었습니다.`,
    `견본주택: ${project.modelHouseAddress}`,
    project.remainingUnitsNotice,
    `상담문의: ${contact.phone}`,
    `무료수신거부 ${privacy.optOutNumber}`,
  ].join("\n");
}

/** "010-1234-5678" → "010-****-5678": logs need not hold whole phone numbers. */
export function maskPhone(phone: string): string {
  return phone.replace(
    /^(\d{2,4})-(\d{3,4})-(\d{4})$/,
    (_, a: string, b: string, c: string) => `${a}-${"*".repeat(b.length)}-${c}`,
  );
}

/** Writes that a message would be sent, instead of sending it (no gateway configured). */
export class LogSmsProvider implements SmsProvider {
  async send(to: string, text: string) {
    console.info(
      `[sms] 게이트웨이 미설정: ${maskPhone(to)}에게 보낼 문자 (${text.length}자, 첫 줄 "${text.split("\n")[0]}")를 기록만 합니다`,
    );
  }
}

/** POSTs {to, from, text} as JSON with a bearer key; any answer other than 2xx is a failure. */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly options: { url: string; key?: string; from: string; timeoutMs?: number },
  ) {}

  async send(to: string, text: string) {
    const { url, key, from, timeoutMs = 5000 } = this.options;
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify({ to, from, text }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok)
      throw new DeliveryError(`SMS 게이트웨이 응답 ${response.status}`, response.status);
  }
}

/** A failed delivery, with the receiver's HTTP status when there was one. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = "DeliveryError";
  }
}

/** The provider the environment configures: HTTP gateway when SMS_GATEWAY_URL is set, else the log. */
export function smsProviderFromEnv(): SmsProvider {
  const e = env();
  if (!e.SMS_GATEWAY_URL) return new LogSmsProvider();
  return new HttpSmsProvider({
    url: e.SMS_GATEWAY_URL,
    key: e.SMS_GATEWAY_KEY,
    from: e.SMS_SENDER ?? content.contact.phone.replace(/[^0-9]/g, ""),
  });
}
