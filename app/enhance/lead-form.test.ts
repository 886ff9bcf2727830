import { describe, expect, it } from "vitest";
import { RESULT_MESSAGES } from "~/leads/lead-result";
import { toAnswer } from "./lead-form/sending";

const json = "application/json; charset=utf-8";

describe("toAnswer: what the page's script makes of the server's answer", () => {
  it("takes the action's JSON answers as they are", () => {
    const success = { ok: true, result: "success", message: "ok", visit: "11월 23일(월) 14:00" };
    expect(toAnswer(json, JSON.stringify(success), "popup")).toEqual(success);
    const invalid = { ok: false, result: "invalid", errors: { name: "x" }, values: {} };
    expect(toAnswer(json, JSON.stringify(invalid), "inquiry")).toEqual(invalid);
    const limited = { ok: false, result: "rateLimited", message: RESULT_MESSAGES.rateLimited };
    expect(toAnswer(json, JSON.stringify(limited), "inquiry")).toEqual(limited);
  });

  it.each([
    ["a proxy's HTML error page", "text/html", "<h1>502 Bad Gateway</h1>"],
    ["no content type", null, '{"ok":true,"result":"success"}'],
    ["a body cut short", json, '{"ok":true,"res'],
    ["JSON that is not an answer", json, '{"hello":"world"}'],
    ["a success without ok", json, '{"result":"success"}'],
    ["a refusal without messages", json, '{"ok":false,"result":"invalid","errors":{}}'],
    ["null", json, "null"],
  ])("%s is the failure message, never a success", (_what, type, body) => {
    expect(toAnswer(type, body, "inquiry")).toEqual({
      ok: false,
      result: "failed",
      message: RESULT_MESSAGES.inquiry.failed,
    });
    expect(toAnswer(type, body, "popup")).toMatchObject({
      message: RESULT_MESSAGES.popup.failed,
    });
  });
});
