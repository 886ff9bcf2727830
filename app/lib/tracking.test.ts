import { describe, expect, test } from "vitest";
import { validateSite } from "~/content/validate";
import { loadSite } from "~/sites/registry.server";
import { configuredVendors, pageTracking, trackingSources } from "./tracking";

const FILE = "sites/anyang/site.yaml";
const site = loadSite("sites/anyang");
const all = {
  naver: { wa: "s_1a2b3c4d" },
  kakao: { trackId: "1234567890123" },
  meta: { pixelId: "998877665544" },
  google: { sendTo: "AW-123456789/AbC_dEf" },
};

describe("a complex's ad tags (content `tracking`)", () => {
  test("are optional, and the samples set none: no page data, no policy source", () => {
    for (const id of ["anyang", "suwon"]) {
      const sample = loadSite(`sites/${id}`);
      expect(sample.tracking).toBeUndefined();
      expect(pageTracking(sample.tracking)).toBeNull();
      expect(trackingSources(sample.tracking)).toEqual({
        scripts: [],
        connect: [],
        images: [],
        frames: [],
      });
    }
  });

  test("each configured tag gives the page its id and script, and the policy exactly its hosts", () => {
    expect(configuredVendors({ meta: all.meta, naver: all.naver })).toEqual(["naver", "meta"]);
    expect(pageTracking({ naver: all.naver, google: all.google })).toEqual({
      naver: { id: "s_1a2b3c4d", script: "https://wcs.naver.net/wcslog.js" },
      google: {
        id: "AW-123456789/AbC_dEf",
        script: "https://www.googletagmanager.com/gtag/js?id=AW-123456789",
      },
    });
    expect(trackingSources({ kakao: all.kakao })).toEqual({
      scripts: ["https://t1.daumcdn.net"],
      connect: ["https://bc.ad.daum.net"],
      images: ["https://bc.ad.daum.net"],
      frames: [],
    });
    expect(trackingSources(all).scripts).toEqual([
      "https://wcs.naver.net",
      "https://t1.daumcdn.net",
      "https://connect.facebook.net",
      "https://www.googletagmanager.com",
      "https://www.googleadservices.com",
    ]);
  });

  test("a bad id stops the build with a Korean message naming the field", () => {
    expect(() => validateSite({ ...site, tracking: all }, FILE)).not.toThrow();
    const cases: [object, RegExp][] = [
      [{ naver: { wa: "네이버" } }, /tracking\.naver\.wa .*네이버 공통 인증키/],
      [{ kakao: { trackId: "abc" } }, /tracking\.kakao\.trackId .*카카오 픽셀 trackId는 숫자/],
      [{ meta: { pixelId: "12 34" } }, /tracking\.meta\.pixelId .*메타 픽셀 ID는 숫자/],
      [{ google: { sendTo: "AW-123" } }, /tracking\.google\.sendTo .*AW-123456789\/AbC_dEf 형식/],
    ];
    for (const [tracking, message] of cases)
      expect(() => validateSite({ ...site, tracking }, FILE)).toThrow(message);
  });
});
