/*
 * Media on the public pages (components/media/*), attached to the server-rendered markup; every
 * part is marked `data-media="<kind>"`:
 * - tabs: a click or the arrow keys / Home / End select a tab and show its panel; tabs with
 *   `data-tabs-param` read the selected tab from the address (?tab=2) and write it back.
 * - video: nothing loads on arrival. A click on the poster's play button replaces it with the
 *   player (another site's iframe, `data-src`), with sound; choosing a tab starts its film muted
 *   (the iframe with `mute=1`, or the page's own <video>); leaving the tab stops it.
 * - vr: a click on the frame replaces the link to the tour with the tour itself; on phones (and
 *   by the 전체 화면 button anywhere) the frame goes full screen, Escape leaving it.
 * - tour: a tour hosted here offers its start button where WebGL works; choosing it loads the
 *   360° viewer (./tour.ts, with Pannellum, its own chunk) in place of the still picture, full
 *   screen on phones as a vendor's tour.
 * - document: the PDF is embedded above its links, with a spinner while it loads.
 * - pages: a notice's pages (drawn by a job after upload); a spinner while the first page comes, a message with
 *   the download link if it does not (the pages themselves open in the drawing viewer).
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
      selectTab(root, fromUrl, { chosen: false });
    }
  }
  startPlayers(document);
  offerTours();
}

/** The phone layout, where a tour opens full screen. */
const onPhone = () => window.matchMedia("(max-width: 900px)").matches;

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
    selectTab(tabs, tab.dataset.tab!, { chosen: true });
    return;
  }
  if (!isPlainClick(event)) return;
  const videoStart = target.closest<HTMLAnchorElement>(".video-start");
  const video = videoStart?.closest<HTMLElement>("[data-media='video']");
  if (videoStart && video) {
    event.preventDefault();
    startFilm(video, { muted: false });
    return;
  }
  const vrStart = target.closest<HTMLAnchorElement>(".vr-start");
  const vr = vrStart?.closest<HTMLElement>("[data-media='vr']");
  if (vrStart && vr) {
    event.preventDefault();
    startVr(vr);
    if (onPhone()) void fullScreen(vr);
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
    // Full screen on phones, as a vendor's tour: asked for now, while the tap still counts.
    if (onPhone()) void fullScreen(tour);
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
  selectTab(root, next.dataset.tab!, { chosen: true });
  next.focus();
}

// ---------- Tabs ----------

function tabsOf(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("[role='tab'][data-tab]")].filter(
    (tab) => tab.closest("[data-media='tabs']") === root,
  );
}

/** Shows tab `key`; `chosen` by the visitor (not read from the address), it also starts its film. */
function selectTab(root: HTMLElement, key: string, { chosen }: { chosen: boolean }) {
  for (const tab of tabsOf(root)) {
    const selected = tab.dataset.tab === key;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(tab.getAttribute("aria-controls") ?? "");
    if (!panel) continue;
    panel.hidden = !selected;
    if (selected) {
      startPlayers(panel);
      if (chosen) startFilms(panel);
    } else stopPlayers(panel);
  }
  const param = root.dataset.tabsParam;
  if (chosen && param) {
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

/** Starts a film: the page's own <video>, or its player's iframe in place of the poster. */
function startFilm(frame: HTMLElement, { muted }: { muted: boolean }) {
  const video = frame.querySelector("video");
  if (video) {
    // A film started without a click on it must be muted for the browser to play it.
    if (muted) video.muted = true;
    void video.play().catch(() => undefined);
    return;
  }
  if (frame.dataset.state !== "poster" || !frame.dataset.src) return;
  const iframe = embed(
    frame,
    "media-embed",
    "autoplay; encrypted-media; picture-in-picture; fullscreen",
  );
  if (muted) {
    const url = new URL(iframe.src);
    if (!url.searchParams.has("mute")) url.searchParams.set("mute", "1");
    iframe.src = url.toString();
  }
  play(frame, iframe);
  frame.dataset.state = "player";
  if (!muted) iframe.focus();
}

/** Starts the films of a tab the visitor chose (muted: the tab, not the film, was clicked). */
function startFilms(panel: ParentNode) {
  for (const frame of panel.querySelectorAll<HTMLElement>("[data-media='video']")) {
    if (shown(frame)) startFilm(frame, { muted: true });
  }
}

/**
 * Embeds the documents and watches the notice pages that are on screen (not on a hidden tab) in
 * `scope`.
 */
function startPlayers(scope: ParentNode) {
  for (const pages of scope.querySelectorAll<HTMLElement>("[data-media='pages']")) {
    if (shown(pages) && !pages.dataset.watched) watchPages(pages);
  }
  for (const viewer of scope.querySelectorAll<HTMLElement>("[data-media='document']")) {
    if (shown(viewer) && viewer.dataset.src && !viewer.querySelector(".doc-frame")) {
      embedDocument(viewer);
    }
  }
}

/** Stops the films and puts back the poster (film) or the start link (VR) in a panel being hidden. */
function stopPlayers(scope: ParentNode) {
  for (const video of scope.querySelectorAll("video")) video.pause();
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
  const loading = loadingState("doc-loading");
  const timer = slowNote(loading, "화면에 보이지 않으면 아래 ‘새 창에서 보기’를 눌러 주세요.");
  iframe.addEventListener("load", () => {
    window.clearTimeout(timer);
    loading.remove();
    frame.setAttribute("aria-busy", "false");
  });
  frame.append(iframe, loading);
  viewer.prepend(frame);
}

/** The spec's loading state of a file (the PDF embedded, a notice's first page): a spinner. */
function loadingState(className: string): HTMLElement {
  const loading = document.createElement("div");
  loading.className = className;
  loading.setAttribute("role", "status");
  const spinner = document.createElement("span");
  spinner.className = "spinner";
  spinner.setAttribute("aria-hidden", "true");
  const message = document.createElement("p");
  message.textContent = "파일을 불러오는 중입니다";
  loading.append(spinner, message);
  return loading;
}

/** After SLOW_DOCUMENT_MS, a note under the spinner of what else to do; the timer's id. */
function slowNote(loading: HTMLElement, text: string): number {
  return window.setTimeout(() => {
    const slow = document.createElement("p");
    slow.className = "doc-loading-slow";
    slow.textContent = text;
    loading.append(slow);
  }, SLOW_DOCUMENT_MS);
}

/**
 * Shows the loading state over a notice's first page until its picture has come, and a message
 * with the download link in its place if it does not (the spinner never stays).
 */
function watchPages(pages: HTMLElement) {
  pages.dataset.watched = "true";
  const first = pages.querySelector<HTMLImageElement>(".doc-page img");
  const page = first?.closest<HTMLElement>(".doc-page");
  if (!first || !page || (first.complete && first.naturalWidth > 0)) return;
  const list = pages.querySelector<HTMLElement>(".doc-page-list");
  const loading = loadingState("doc-loading doc-pages-loading");
  list?.setAttribute("aria-busy", "true");
  page.append(loading);
  const timer = slowNote(
    loading,
    "오래 걸리면 위의 ‘PDF 내려받기’로 파일을 받아 보실 수 있습니다.",
  );
  const done = () => {
    window.clearTimeout(timer);
    list?.setAttribute("aria-busy", "false");
  };
  const failed = () => {
    done();
    loading.classList.add("doc-loading-failed");
    loading.setAttribute("role", "alert");
    const download = pages.querySelector<HTMLAnchorElement>(".doc-download");
    const message = document.createElement("p");
    message.textContent = "모집공고 그림을 불러오지 못했습니다. PDF 파일을 내려받아 확인해 주세요.";
    loading.replaceChildren(message);
    if (download) {
      const link = download.cloneNode(true) as HTMLAnchorElement;
      loading.append(link);
    }
  };
  if (first.complete) {
    failed();
    return;
  }
  first.addEventListener("load", () => {
    done();
    loading.remove();
  });
  first.addEventListener("error", failed);
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
