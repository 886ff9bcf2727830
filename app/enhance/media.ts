/*
 * Media on the public pages (components/media/*), attached to the server-rendered markup; every
 * part is marked `data-media="<kind>"`:
 * - tabs: a click or the arrow keys / Home / End select a tab and show its panel; tabs with
 *   `data-tabs-param` read the selected tab from the address (?tab=2) and write it back.
 * - video: the player (another site's iframe, `data-src`) replaces the poster while its panel shows.
 * - vr: a click on the frame replaces the link to the tour with the tour itself; on phones (and
 *   by the 전체 화면 button anywhere) the frame goes full screen, Escape leaving it.
 * - tour: a tour hosted here offers its start button where WebGL works; choosing it loads the
 *   360° viewer (./tour.ts, with Pannellum, its own chunk) in place of the still picture.
 * - document: the PDF is embedded above its links, with a spinner while it loads.
 * - drawing: a tap opens the drawing in the full-screen zoom viewer (PhotoSwipe, loaded on the
 *   first tap); the viewer owns a history entry, so Back closes it and stays on the page.
 * Players from other sites exist only here, in the visitor's browser (docs/decisions/004).
 */
import { isPlainClick } from "~/lib/before-script";

/** Key in `history.state` of the entry pushed while the drawing viewer is open. */
const VIEWER_MARKER = "drawingViewer";
/** How long the PDF spinner may show before the page admits the file may not display inline. */
const SLOW_DOCUMENT_MS = 10_000;

let listening = false;

export function enhance(): void {
  if (!listening) {
    listening = true;
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    // Capture: runs before other popstate listeners on window, whatever they do with the event.
    window.addEventListener("popstate", onPopState, { capture: true });
  }
  for (const root of document.querySelectorAll<HTMLElement>("[data-media='tabs']")) {
    if (root.dataset.enhanced) continue;
    root.dataset.enhanced = "true";
    const param = root.dataset.tabsParam;
    const fromUrl = param ? new URLSearchParams(window.location.search).get(param) : null;
    if (fromUrl !== null && tabsOf(root).some((tab) => tab.dataset.tab === fromUrl)) {
      selectTab(root, fromUrl, { writeUrl: false });
    }
  }
  startPlayers(document);
  offerTours();
}

/** A tour's frame full screen, where the browser allows it (iPhone Safari does not: it stays in the page). */
async function fullScreen(frame: HTMLElement) {
  await frame.requestFullscreen?.().catch(() => undefined);
}

/** The start button of each tour where the browser draws WebGL, else the note beside the picture. */
function offerTours() {
  if (document.fullscreenEnabled)
    for (const button of document.querySelectorAll<HTMLElement>("[data-vr-fullscreen]"))
      button.removeAttribute("hidden");
  const tours = document.querySelectorAll<HTMLElement>("[data-media='tour']");
  if (!tours.length) return;
  const webgl = !!document.createElement("canvas").getContext("webgl");
  for (const frame of tours) {
    const part = webgl ? "[data-tour-start]" : "[data-tour-note]";
    frame.querySelector<HTMLElement>(part)?.removeAttribute("hidden");
  }
}

async function openTour(frame: HTMLElement) {
  const { openTour: open } = await import("./tour");
  open(frame);
}

// ---------- Events ----------

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const tab = target.closest<HTMLElement>("[role='tab'][data-tab]");
  const tabs = tab?.closest<HTMLElement>("[data-media='tabs']");
  if (tab && tabs) {
    selectTab(tabs, tab.dataset.tab!, { writeUrl: true });
    return;
  }
  if (!isPlainClick(event)) return;
  const vrStart = target.closest<HTMLAnchorElement>(".vr-start");
  const vr = vrStart?.closest<HTMLElement>("[data-media='vr']");
  if (vrStart && vr) {
    event.preventDefault();
    startVr(vr);
    if (window.matchMedia("(max-width: 900px)").matches) void fullScreen(vr);
    return;
  }
  const vrFull = target.closest<HTMLElement>("[data-vr-fullscreen]");
  const vrOf = vrFull?.parentElement?.previousElementSibling;
  if (vrOf instanceof HTMLElement && vrOf.dataset.media === "vr") {
    startVr(vrOf);
    void fullScreen(vrOf);
    return;
  }
  const tourStart = target.closest<HTMLElement>("[data-tour-start]");
  const tour = tourStart?.closest<HTMLElement>("[data-media='tour']");
  if (tour) {
    void openTour(tour);
    return;
  }
  const drawing = target.closest<HTMLAnchorElement>("a[data-media='drawing']");
  if (drawing) {
    event.preventDefault();
    void openDrawing(drawing);
  }
}

/** The tab a key moves to from `index` among `count` tabs (wrapping), or null for other keys. */
export function tabTarget(key: string, index: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      return index === last ? 0 : index + 1;
    case "ArrowLeft":
    case "ArrowUp":
      return index === 0 ? last : index - 1;
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}

function onKeyDown(event: KeyboardEvent) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const tab =
    event.target instanceof Element ? event.target.closest<HTMLElement>("[role='tab']") : null;
  const root = tab?.closest<HTMLElement>("[data-media='tabs']");
  if (!tab || !root) return;
  const tabs = tabsOf(root);
  const target = tabTarget(event.key, tabs.indexOf(tab), tabs.length);
  if (target === null) return;
  event.preventDefault();
  const next = tabs[target]!;
  selectTab(root, next.dataset.tab!, { writeUrl: true });
  next.focus();
}

// ---------- Tabs ----------

function tabsOf(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("[role='tab'][data-tab]")].filter(
    (tab) => tab.closest("[data-media='tabs']") === root,
  );
}

function selectTab(root: HTMLElement, key: string, { writeUrl }: { writeUrl: boolean }) {
  for (const tab of tabsOf(root)) {
    const selected = tab.dataset.tab === key;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(tab.getAttribute("aria-controls") ?? "");
    if (!panel) continue;
    panel.hidden = !selected;
    if (selected) startPlayers(panel);
    else stopPlayers(panel);
  }
  const param = root.dataset.tabsParam;
  if (writeUrl && param) {
    const url = new URL(window.location.href);
    if (key === root.dataset.tabsDefault) url.searchParams.delete(param);
    else url.searchParams.set(param, key);
    // Only the address changes, so the tab can be shared; the entry's state stays.
    window.history.replaceState(window.history.state, "", url);
  }
}

// ---------- Players ----------

/** What a frame showed before its player replaced it (poster and notice, or the VR link). */
const replaced = new WeakMap<HTMLElement, Node[]>();

const shown = (el: Element) => el.closest("[hidden]") === null;

/** An iframe of `frame`'s source; `allow` for players from other sites (films, tours). */
function embed(frame: HTMLElement, className: string, allow?: string): HTMLIFrameElement {
  const iframe = document.createElement("iframe");
  iframe.className = className;
  iframe.src = frame.dataset.src ?? "";
  iframe.title = frame.dataset.title ?? "";
  if (allow) {
    iframe.allow = allow;
    iframe.allowFullscreen = true;
    iframe.referrerPolicy = "strict-origin-when-cross-origin";
  }
  return iframe;
}

function play(frame: HTMLElement, iframe: HTMLIFrameElement) {
  replaced.set(frame, [...frame.childNodes]);
  frame.replaceChildren(iframe);
}

/** Plays the films and embeds the documents that are on screen (not on a hidden tab) in `scope`. */
function startPlayers(scope: ParentNode) {
  for (const frame of scope.querySelectorAll<HTMLElement>(
    "[data-media='video'][data-state='poster']",
  )) {
    if (!shown(frame) || !frame.dataset.src) continue;
    play(
      frame,
      embed(frame, "media-embed", "autoplay; encrypted-media; picture-in-picture; fullscreen"),
    );
    frame.dataset.state = "player";
  }
  for (const viewer of scope.querySelectorAll<HTMLElement>("[data-media='document']")) {
    if (shown(viewer) && viewer.dataset.src && !viewer.querySelector(".doc-frame")) {
      embedDocument(viewer);
    }
  }
}

/** Puts back the poster (film) or the start link (VR) of the players in a panel being hidden. */
function stopPlayers(scope: ParentNode) {
  for (const frame of scope.querySelectorAll<HTMLElement>(
    "[data-media='video'][data-state='player'], [data-media='vr'][data-state='player']",
  )) {
    const before = replaced.get(frame);
    if (!before) continue;
    frame.replaceChildren(...before);
    replaced.delete(frame);
    frame.dataset.state = frame.dataset.media === "vr" ? "ready" : "poster";
  }
}

function startVr(frame: HTMLElement) {
  if (frame.dataset.state === "player") return;
  play(
    frame,
    embed(frame, "media-embed", "fullscreen; xr-spatial-tracking; gyroscope; accelerometer"),
  );
  // 닫기 (after the tour in Tab order): out of full screen, the start link back, focus on it.
  const close = document.createElement("button");
  close.type = "button";
  close.className = "tour-close vr-close";
  close.textContent = "닫기";
  close.addEventListener("click", () => {
    if (document.fullscreenElement === frame) void document.exitFullscreen();
    stopPlayers(frame.parentElement ?? frame);
    frame.querySelector<HTMLElement>(".vr-start")?.focus();
  });
  frame.append(close);
  frame.dataset.state = "player";
}

function embedDocument(viewer: HTMLElement) {
  const frame = document.createElement("div");
  frame.className = "doc-frame";
  frame.setAttribute("aria-busy", "true");
  const iframe = embed(viewer, "doc-embed");
  const loading = document.createElement("div");
  loading.className = "doc-loading";
  loading.setAttribute("role", "status");
  const spinner = document.createElement("span");
  spinner.className = "spinner";
  spinner.setAttribute("aria-hidden", "true");
  const message = document.createElement("p");
  message.textContent = "파일을 불러오는 중입니다";
  loading.append(spinner, message);
  const timer = window.setTimeout(() => {
    const slow = document.createElement("p");
    slow.className = "doc-loading-slow";
    slow.textContent = "화면에 보이지 않으면 아래 ‘새 창에서 보기’를 눌러 주세요.";
    loading.append(slow);
  }, SLOW_DOCUMENT_MS);
  iframe.addEventListener("load", () => {
    window.clearTimeout(timer);
    loading.remove();
    frame.setAttribute("aria-busy", "false");
  });
  frame.append(iframe, loading);
  viewer.prepend(frame);
}

// ---------- Drawing viewer ----------

type ViewerState = { close: () => void } | "opening" | null;
let viewer: ViewerState = null;

const markedEntry = () =>
  Boolean((window.history.state as Record<string, unknown> | null)?.[VIEWER_MARKER]);

async function openDrawing(link: HTMLAnchorElement) {
  if (viewer) return;
  viewer = "opening";
  const href = link.getAttribute("href") ?? "";
  let open: typeof import("./drawing-viewer").openDrawingViewer;
  try {
    ({ openDrawingViewer: open } = await import("./drawing-viewer"));
  } catch {
    viewer = null;
    window.location.assign(href); // viewer code unreachable: show the file itself
    return;
  }
  if (!markedEntry()) {
    const state = (window.history.state as Record<string, unknown> | null) ?? {};
    window.history.pushState({ ...state, [VIEWER_MARKER]: true }, "");
  }
  viewer = open(
    {
      src: href,
      width: Number(link.dataset.width),
      height: Number(link.dataset.height),
      alt: link.dataset.alt ?? "",
    },
    () => {
      viewer = null;
      // Closed by its button or Escape: take its history entry away again.
      if (markedEntry()) window.history.back();
    },
  );
}

function onPopState(event: PopStateEvent) {
  const state = event.state as Record<string, unknown> | null;
  // Back from the viewer's entry: close it (the page under it stays as it is).
  if (viewer && viewer !== "opening" && !state?.[VIEWER_MARKER]) viewer.close();
}
