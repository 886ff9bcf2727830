/*
 * A local stand-in for Solapi's message API in delivery tests: a real HTTP server on 127.0.0.1
 * (test-receiver.ts) that checks each request's HMAC signature against the secret of its key and
 * answers 401 when it does not match, else accepts the messages as Solapi does, with message ids.
 */
import { SOLAPI_SEND_PATH, solapiSignature, type SolapiMessage } from "./solapi.server";
import { startReceiver, type Received } from "./test-receiver";

const AUTHORIZATION =
  /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([0-9a-f]{32,}), signature=([0-9a-f]{64})$/;

/** The key that signed the request with its secret, or null when the signature does not match. */
function signedBy(secrets: Record<string, string>, request: Received): string | null {
  const m = AUTHORIZATION.exec(String(request.headers.authorization ?? ""));
  if (!m) return null;
  const [, apiKey, date, salt, signature] = m;
  const secret = secrets[apiKey!];
  return secret !== undefined && solapiSignature(secret, date!, salt!) === signature
    ? apiKey!
    : null;
}

type AcceptedMessage = SolapiMessage & { messageId: string; apiKey: string };

/** Starts the stand-in; `secrets`: each API key's secret. */
export async function startSolapiStandIn(secrets: Record<string, string>) {
  const accepted: AcceptedMessage[] = [];
  const server = await startReceiver(200, (request) => {
    if (request.method !== "POST" || request.path !== SOLAPI_SEND_PATH)
      return { status: 404, body: { errorCode: "NotFound", errorMessage: "Not Found" } };
    const apiKey = signedBy(secrets, request);
    if (!apiKey)
      return {
        status: 401,
        body: { errorCode: "SignatureDoesNotMatch", errorMessage: "signature mismatch" },
      };
    const { messages } = JSON.parse(request.body) as { messages: SolapiMessage[] };
    const messageList = messages.map((m) => {
      const messageId = `M4V${String(accepted.length + 1).padStart(14, "0")}`;
      accepted.push({ ...m, messageId, apiKey });
      return {
        messageId,
        to: m.to,
        from: m.from,
        type: m.type,
        statusCode: "2000",
        statusMessage: "정상 접수(이통사로 접수 예정)",
      };
    });
    return {
      status: 200,
      body: {
        groupInfo: { groupId: `G4V${accepted.length}`, count: { total: messages.length } },
        failedMessageList: [],
        messageList,
      },
    };
  });
  /** The messages it accepted, in order, each with the id it gave and the key that signed it. */
  return { ...server, accepted };
}
