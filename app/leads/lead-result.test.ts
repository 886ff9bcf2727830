import { describe, expect, test } from "vitest";
import { leadsApiPath, RESULT_MESSAGES, resultMessage } from "./lead-result";

describe("resultMessage", () => {
  test("gives the catalogue's message per variant; the inquiry ones carry their marks", () => {
    expect(resultMessage("popup", "success")).toBe(RESULT_MESSAGES.popup.success);
    expect(resultMessage("inquiry", "success")).toMatch(/^✔ /);
    expect(resultMessage("inquiry", "failed")).toMatch(/^✖ /);
    expect(resultMessage("inquiry", "network")).toMatch(/^⚠ /);
    expect(resultMessage("popup", "rateLimited")).toBe(RESULT_MESSAGES.rateLimited);
  });
});

test("each form is sent by the page's script to the JSON twin of its action", () => {
  expect(leadsApiPath("visit", "popup")).toBe("/api/leads?kind=visit&variant=popup");
  expect(leadsApiPath("inquiry", "inquiry")).toBe("/api/leads?kind=inquiry&variant=inquiry");
});
