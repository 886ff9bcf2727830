import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content } from "./support/sites";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

/*
 * Films (issue 31): the sample's first guide film is on YouTube, the others and the brand film are
 * kept here (assets/images/video/). Nothing of either loads on arrival; YouTube's player (a tiny
 * page standing in for youtube-nocookie, the machine being offline) comes only on the play
 * button; the film kept here plays with its Korean captions, muted when its tab was chosen.
 * At 390 px by touch, at 1440 px by keyboard alone.
 */

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const THIRD_PARTY = /youtube|ytimg|google|gstatic|doubleclick/;
const FILM = /\.mp4(\?|$)/;

/** Every address the page asks for, from now on. */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r: Request) => seen.push(r.url()));
  return seen;
}

/** The film element of the shown tab panel (or the page) is playing, with its state. */
async function playing(page: Page, scope: string) {
  await page.waitForFunction((s) => {
    const video = document.querySelector<HTMLVideoElement>(s);
    return video && !video.paused && video.currentTime > 1;
  }, scope);
  return page.evaluate((s) => {
    const video = document.querySelector<HTMLVideoElement>(s)!;
    const track = video.textTracks[0];
    return {
      muted: video.muted,
      captions: track?.mode,
      cue: (track?.activeCues?.[0] as VTTCue | undefined)?.text ?? null,
    };
  }, scope);
}

describe.each([
  ["phone", "touch"],
  ["desktop", "keyboard"],
] as const)("films at %s by %s", (viewport, by) => {
  test("/FloorPlan/videos: YouTube only on its button, the chosen tab's own film muted", async () => {
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      const asked = requests(page);
      await page.route(/^https:\/\/www\.youtube-nocookie\.com\/embed\//, (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>player</title><p>player</p>" }),
      );
      const response = await page.goto(server.url + "/FloorPlan/videos");
      expect(response!.headers()["content-security-policy"]).toMatch(
        /frame-src[^;]*https:\/\/www\.youtube-nocookie\.com/,
      );
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const [first, second] = content.videoTabs;
      const play = page.getByRole("link", { name: `${first!.title} 재생` });
      expect(await play.getAttribute("href")).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
      expect(asked.filter((url) => THIRD_PARTY.test(url) || FILM.test(url))).toEqual([]);
      expect(await page.locator("iframe").count()).toBe(0);

      if (by === "touch") await play.tap();
      else {
        await play.focus();
        await page.keyboard.press("Enter");
      }
      const player = page.locator(`iframe[title="${first!.title}"]`);
      await player.waitFor();
      const src = new URL((await player.getAttribute("src"))!);
      expect(src.origin).toBe("https://www.youtube-nocookie.com");
      expect(src.searchParams.get("autoplay")).toBe("1");
      expect(src.searchParams.has("mute")).toBe(false); // the click was on the film: with sound
      expect(context.pages()).toHaveLength(1);

      // Choosing the next tab stops the YouTube player and starts that tab's film, muted.
      if (by === "touch") await page.getByRole("tab", { name: second!.title }).tap();
      else {
        await page.getByRole("tab", { name: first!.title }).focus();
        await page.keyboard.press("ArrowRight");
      }
      const state = await playing(page, "[role=tabpanel]:not([hidden]) video");
      expect(state).toMatchObject({ muted: true, captions: "showing" });
      expect(state.cue).toBeTruthy();
      expect(await page.locator("iframe").count()).toBe(0);
      expect(asked.some((url) => FILM.test(url))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test("/Brand/video: the poster until played; played by the visitor, with sound and captions", async () => {
  const { context, page, errors } = await openPage(browser, "desktop");
  try {
    const asked = requests(page);
    await page.goto(server.url + "/Brand/video");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(asked.filter((url) => FILM.test(url))).toEqual([]);
    const video = page.locator("video");
    expect(await video.getAttribute("preload")).toBe("none");
    expect(await video.getAttribute("poster")).toMatch(/^\/img\/video\/poster-brand/);
    await video.focus();
    await page.keyboard.press("Space");
    expect(await playing(page, "video")).toMatchObject({ muted: false, captions: "showing" });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test("the film is served in ranges: 206 for a part, 416 past its end", async () => {
  const film = content.brandVideo.file!.src;
  const part = await fetch(`${server.url}/img/${film}`, { headers: { range: "bytes=0-1023" } });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-type")).toBe("video/mp4");
  expect(part.headers.get("content-range")).toMatch(/^bytes 0-1023\/\d+$/);
  expect((await part.arrayBuffer()).byteLength).toBe(1024);
  const past = await fetch(`${server.url}/img/${film}`, { headers: { range: "bytes=99999999-" } });
  expect(past.status).toBe(416);
  const captions = await fetch(`${server.url}/img/${content.brandVideo.file!.captions!}`);
  expect(captions.headers.get("content-type")).toMatch(/^text\/vtt/);
});
