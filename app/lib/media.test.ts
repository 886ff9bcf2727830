import { describe, expect, test } from "vitest";
import { loadSite } from "~/sites/registry.server";
import { autoplayUrl, E_MODEL_TAB_LIMIT, eModelTabs, frameSources, initialTabKey } from "./media";

const anyang = loadSite("sites/anyang");

describe("E-model tabs", () => {
  const six = ["59A", "59B", "84A", "84B", "114A", "114B"].map((key) => ({ key }));

  test("only the first five entries become tabs", () => {
    expect(E_MODEL_TAB_LIMIT).toBe(5);
    expect(eModelTabs(six).map((t) => t.key)).toEqual(["59A", "59B", "84A", "84B", "114A"]);
    expect(eModelTabs(six.slice(0, 2))).toHaveLength(2);
  });

  test("the Anyang data has more tours than tabs, so the limit is visible", () => {
    expect(anyang.vr.tabs.length).toBeGreaterThan(E_MODEL_TAB_LIMIT);
    expect(eModelTabs(anyang.vr.tabs)).toHaveLength(5);
    expect(initialTabKey(eModelTabs(anyang.vr.tabs), anyang.vr.defaultKey)).toBe("59A");
  });

  test("a default key that is not shown falls back to the first tab", () => {
    expect(initialTabKey(eModelTabs(six), "114B")).toBe("59A");
    expect(initialTabKey(eModelTabs(six), "84B")).toBe("84B");
    expect(initialTabKey([], "59A")).toBeUndefined();
  });
});

describe("video embed address", () => {
  test("asks the player to start muted, play once and show no related videos", () => {
    const url = new URL(autoplayUrl("https://www.youtube.com/embed/abc123"));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      autoplay: "1",
      mute: "1",
      playsinline: "1",
      rel: "0",
      loop: "0",
    });
    expect(url.pathname).toBe("/embed/abc123");
  });

  test("keeps parameters the address already sets", () => {
    const url = new URL(autoplayUrl("https://player.vimeo.com/video/1?mute=0&h=xyz"));
    expect(url.searchParams.get("mute")).toBe("0");
    expect(url.searchParams.get("h")).toBe("xyz");
    expect(url.searchParams.get("autoplay")).toBe("1");
  });
});

describe("frame sources for the Content-Security-Policy", () => {
  test("the Anyang data has no embed yet, so no frame is allowed", () => {
    expect(frameSources(anyang)).toEqual([]);
  });

  test("the hosts of configured videos, VR tours and an external notice PDF, each once", () => {
    const configured = {
      ...anyang,
      brandVideo: { ...anyang.brandVideo, src: "https://www.youtube.com/embed/abc?rel=0" },
      videoTabs: anyang.videoTabs.map((t, i) => ({
        ...t,
        src: i === 2 ? "" : `https://www.youtube.com/embed/v${i}`,
      })),
      vr: {
        ...anyang.vr,
        tabs: [{ key: "59A", title: "47A", src: "https://vr.example.com:8443/t/1" }],
      },
      announcement: { ...anyang.announcement, pdfUrl: "https://files.example.org/notice.pdf" },
    };
    expect(frameSources(configured)).toEqual([
      "https://www.youtube.com",
      "https://vr.example.com:8443",
      "https://files.example.org",
    ]);
  });

  test("a notice PDF on this site allows the site itself", () => {
    const local = {
      ...anyang,
      announcement: { ...anyang.announcement, pdfUrl: "/docs/notice.pdf" },
    };
    expect(frameSources(local)).toEqual(["'self'"]);
  });
});
