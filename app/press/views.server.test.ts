import { describe, expect, it } from "vitest";
import { isCountableView } from "./views.server";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const get = (headers: Record<string, string>, method = "GET") =>
  new Request("http://localhost/anyang/press/abcdefabcdef", { method, headers });

describe("which detail requests are a person's view", () => {
  it("counts a browser's page load or navigation", () => {
    expect(isCountableView(get({ "user-agent": CHROME }))).toBe(true);
    expect(isCountableView(get({}))).toBe(true);
  });

  it.each<Record<string, string>>([
    { "user-agent": CHROME, "sec-purpose": "prefetch" },
    { "user-agent": CHROME, "sec-purpose": "prefetch;prerender" },
    { "user-agent": CHROME, purpose: "prefetch" },
    { "user-agent": CHROME, "x-purpose": "preview" },
    { "user-agent": CHROME, "x-moz": "prefetch" },
    { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    { "user-agent": "Mozilla/5.0 (compatible; Yeti/1.1; +http://naver.me/spd)" },
    { "user-agent": "facebookexternalhit/1.1" },
  ])("does not count %j", (headers) => {
    expect(isCountableView(get(headers))).toBe(false);
  });

  it("does not count a HEAD request", () => {
    expect(isCountableView(get({ "user-agent": CHROME }, "HEAD"))).toBe(false);
  });
});
