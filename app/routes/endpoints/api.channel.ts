import { isbot } from "isbot";
import type { Route } from "./+types/api.channel";
import { createBeaconLimiter } from "~/channels/beacon-limit.server";
import { countChannel } from "~/channels/channel-counts.server";
import { isSameOrigin } from "~/auth/guards.server";
import { NO_STORE } from "~/lib/cache";
import {
  CHANNEL_KINDS,
  CHANNEL_MESSAGES,
  channelSource,
  NO_SOURCE,
  type ChannelKind,
} from "~/channels/channels";
import { requestSiteId } from "~/sites/request-site.server";
import { clientIp } from "~/http/client-ip.server";

/*
 * POST /api/channel: the pages' beacons for the channel report (app/enhance/channel.ts, sent with
 * navigator.sendBeacon, so the body is small JSON as text/plain, or a form): `{ kind: "landing" |
 * "tel", source }`, counted for the request's complex and the Korean day. Answers 204 with no body;
 * a body that is not one, 400. Nothing of the visitor is kept: not the address (the cap per address
 * lives in memory, beacon-limit.server.ts), not a cookie. Crawlers' beacons are answered and not
 * counted, as their press views are not (app/press/views.server.ts).
 */

/** Beacons one address may send per minute: a visit sends one landing and a few taps; a mobile
 * carrier puts many phones behind one address, so the cap is loose. */
const PER_MINUTE = 120;
const allowed = createBeaconLimiter({ max: PER_MINUTE, windowMs: 60_000 });

/** Bodies are a few dozen bytes; a longer one is not ours. */
const BODY_MAX = 1024;

const headers = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex" };

const answer = (status: number, message?: string) =>
  message
    ? new Response(message, {
        status,
        headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
      })
    : new Response(null, { status, headers });

/** A GET (or HEAD) is not a beacon: 405 (server/app.js answers it with its Korean page). */
export function loader() {
  return new Response(null, { status: 405, headers: { ...headers, Allow: "POST" } });
}

/** The beacon's kind and source key, or null when the body is not a beacon. */
function parseBeacon(text: string): { kind: ChannelKind; source: string } | null {
  let fields: Record<string, unknown>;
  try {
    const parsed: unknown = text.trimStart().startsWith("{")
      ? JSON.parse(text)
      : Object.fromEntries(new URLSearchParams(text));
    if (!parsed || typeof parsed !== "object") return null;
    fields = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const kind = CHANNEL_KINDS.find((k) => k === fields.kind);
  const raw = fields.source ?? "";
  if (!kind || typeof raw !== "string") return null;
  const source = channelSource(raw);
  // A source that is not a utm_source, or a landing without one, is not what the page sends.
  if (raw.trim() && source === NO_SOURCE) return null;
  if (kind === "landing" && source === NO_SOURCE) return null;
  return { kind, source };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameOrigin(request)) return answer(403, CHANNEL_MESSAGES.crossSite);
  const text = await request.text();
  const beacon = text.length <= BODY_MAX ? parseBeacon(text) : null;
  if (!beacon) return answer(400, CHANNEL_MESSAGES.invalid);
  if (!allowed(clientIp(request, context))) return answer(429, CHANNEL_MESSAGES.tooMany);
  const agent = request.headers.get("user-agent");
  if (agent && isbot(agent)) return answer(204);
  await countChannel(requestSiteId(request), beacon.kind, beacon.source);
  return answer(204);
}
