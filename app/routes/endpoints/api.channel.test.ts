import { describe, expect, it } from "vitest";
import { channelReport } from "~/channels/channel-counts.server";
import { engines, useTestDb } from "~/db/test-support";
import { CHANNEL_MESSAGES } from "~/channels/channels";
import { kstDate } from "~/lib/korean-time";
import { action, loader } from "./api.channel";

/** A beacon as the page's script sends it (navigator.sendBeacon with a string: text/plain). */
async function beacon(
  body: string,
  {
    host = "localhost",
    ip = "203.0.113.70",
    headers = {},
  }: { host?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  const request = new Request(`http://${host}/api/channel`, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "text/plain;charset=UTF-8",
      "Sec-Fetch-Site": "same-origin",
      Origin: `http://${host}`,
      ...headers,
    },
  });
  const args = { request, context: { ip }, params: {} };
  return action(args as unknown as Parameters<typeof action>[0]);
}

const json = (kind: string, source?: string) => JSON.stringify({ kind, source });

async function today(siteId: string) {
  const day = kstDate();
  const { rows } = await channelReport(siteId, { from: day, to: day });
  return rows.map((r) => [r.source, r.landings, r.telTaps]);
}

describe.each(engines())("the channel beacons ($name)", (engine) => {
  const t = useTestDb(engine);

  it("answers a GET 405, allowing POST only", () => {
    const res = loader();
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("counts a landing and phone taps for the request's complex and answers 204 with no body", async () => {
    const res = await beacon(json("landing", "Naver"));
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect((await beacon(json("tel", "naver"))).status).toBe(204);
    // A form body, and a tap of a visit without a utm_source.
    const form = await beacon("kind=tel&source=", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(204);
    expect(await today("anyang")).toEqual([
      ["naver", 1, 1],
      ["", 0, 1],
    ]);
  });

  it("keeps each complex's beacons to its own report", async () => {
    await beacon(json("landing", "daangn"), { host: "suwon.localhost" });
    await beacon(json("landing", "naver"));
    expect(await today("suwon")).toEqual([["daangn", 1, 0]]);
    expect(await today("anyang")).toEqual([["naver", 1, 0]]);
  });

  it.each([
    ["an empty body", ""],
    ["broken JSON", "{kind:"],
    ["an unknown kind", json("view", "naver")],
    ["a landing without a source", json("landing", "")],
    ["a source that is no utm_source", json("tel", "<img src=x>")],
    ["a source that is not text", JSON.stringify({ kind: "tel", source: 7 })],
    ["a body far longer than a beacon", json("landing", "naver") + " ".repeat(2000)],
  ])("answers %s 400 in Korean and counts nothing", async (_what, body) => {
    const res = await beacon(body, { ip: "203.0.113.71" });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(CHANNEL_MESSAGES.invalid);
    expect(await today("anyang")).toEqual([]);
  });

  it("refuses a beacon from another site's page (403)", async () => {
    const res = await beacon(json("landing", "naver"), {
      ip: "203.0.113.72",
      headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(CHANNEL_MESSAGES.crossSite);
    expect(await today("anyang")).toEqual([]);
  });

  it("answers a crawler 204 without counting it", async () => {
    const res = await beacon(json("landing", "naver"), {
      ip: "203.0.113.73",
      headers: {
        "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      },
    });
    expect(res.status).toBe(204);
    expect(await today("anyang")).toEqual([]);
  });

  it("counts at most 120 beacons a minute from one address, without keeping the address", async () => {
    const ip = `203.0.113.${engine.name === "sqlite" ? 80 : 81}`;
    const answers: number[] = [];
    for (let i = 0; i < 121; i++) answers.push((await beacon(json("tel", "naver"), { ip })).status);
    expect(answers.filter((s) => s === 204)).toHaveLength(120);
    expect(answers.at(-1)).toBe(429);
    expect(await today("anyang")).toEqual([["naver", 0, 120]]);
    expect(JSON.stringify(await t.db().all("SELECT * FROM channel_counts"))).not.toContain(ip);
    // Another address is counted.
    expect((await beacon(json("tel", "naver"), { ip: "203.0.113.90" })).status).toBe(204);
  });
});
