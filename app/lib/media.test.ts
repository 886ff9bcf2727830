import { describe, expect, test } from "vitest";
import { loadSite } from "~/sites/registry.server";
import {
  E_MODEL_TAB_LIMIT,
  eModelTabs,
  frameSources,
  initialTabKey,
  playerUrl,
  watchUrl,
} from "./media";

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

describe("video player address", () => {
  test("a YouTube id or address plays from youtube-nocookie, at once, once, no related films", () => {
    for (const src of ["dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"]) {
      const url = new URL(playerUrl(src));
      expect(url.origin).toBe("https://www.youtube-nocookie.com");
      expect(url.pathname).toBe("/embed/dQw4w9WgXcQ");
      expect(Object.fromEntries(url.searchParams)).toEqual({
        autoplay: "1",
        playsinline: "1",
        rel: "0",
        loop: "0",
      });
    }
    expect(watchUrl("dQw4w9WgXcQ")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  });

  test("another player keeps its address and the parameters it sets", () => {
    const url = new URL(playerUrl("https://player.vimeo.com/video/1?autoplay=0&h=xyz"));
    expect(url.origin).toBe("https://player.vimeo.com");
    expect(url.searchParams.get("autoplay")).toBe("0");
    expect(url.searchParams.get("h")).toBe("xyz");
    expect(watchUrl("https://player.vimeo.com/video/1")).toBe("https://player.vimeo.com/video/1");
  });
});

describe("frame sources for the Content-Security-Policy", () => {
  test("the Anyang sample's YouTube film plays from youtube-nocookie; its own films add nothing", () => {
    expect(frameSources(anyang)).toEqual(["https://www.youtube-nocookie.com"]);
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
      announcement: {
        ...anyang.announcement,
        document: undefined,
        pdfUrl: "https://files.example.org/notice.pdf",
      },
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
      videoTabs: anyang.videoTabs.map((t) => ({ ...t, src: "" })),
      announcement: { ...anyang.announcement, document: undefined, pdfUrl: "/docs/notice.pdf" },
    };
    expect(frameSources(local)).toEqual(["'self'"]);
  });
});
