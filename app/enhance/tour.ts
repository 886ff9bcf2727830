/*
 * The 360° viewer of a tour hosted here (components/media/vr-viewer.tsx, TourViewer), loaded by
 * media.ts only when the visitor chooses "360° 투어 보기": Pannellum (docs/decisions/039), bundled
 * as this chunk with its stylesheet, never on the first paint nor on pages without a tour.
 *
 * Each room shows its 512 px preview first, then the panorama at the width the screen and its
 * graphics take (2048 on phones, 4096 on large screens, never over MAX_TEXTURE_SIZE). The arrow
 * keys turn, + and − zoom (Pannellum's own keys, with the viewer focused); each hotspot is a
 * button reached by Tab and followed by Enter or Space; a row of room buttons and a close button
 * sit above the picture. On phones it fills the screen (media.ts asks for full screen on the tap), and
 * leaving full screen closes it; Pannellum offers its gyroscope button there.
 */
import "pannellum/build/pannellum.js";
import "pannellum/build/pannellum.css";

type Room = {
  key: string;
  title: string;
  yaw: number;
  preview: string;
  files: [number, string][];
  hotspots: { target: string; label: string; yaw: number; pitch: number }[];
};

type Viewer = {
  loadScene: (key: string) => void;
  getScene: () => string;
  getYaw: () => number;
  on: (event: string, listener: () => void) => void;
  destroy: () => void;
};

declare global {
  interface Window {
    pannellum: { viewer: (container: HTMLElement, config: unknown) => Viewer };
  }
}

/** The widest panorama the screen asks for that this device's graphics can hold. */
function widthFor(room: Room): string {
  const gl = document.createElement("canvas").getContext("webgl");
  const max = gl ? (gl.getParameter(gl.MAX_TEXTURE_SIZE) as number) : 2048;
  gl?.getExtension("WEBGL_lose_context")?.loseContext();
  const wanted = window.matchMedia("(max-width: 900px)").matches ? 2048 : 4096;
  const fit = room.files.filter(([w]) => w <= Math.min(max, wanted) && w > 512);
  return (fit.at(-1) ?? room.files[0]!)[1];
}

/** A hotspot as a labelled button: Tab reaches it, Enter or Space follows it. */
function hotspotButton(div: HTMLElement, spot: { label: string }) {
  div.setAttribute("role", "button");
  div.setAttribute("aria-label", spot.label);
  div.tabIndex = 0;
  const label = document.createElement("span");
  label.className = "tour-hotspot-label";
  label.textContent = spot.label;
  div.append(label);
  div.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.stopPropagation();
    div.click();
  });
}

export function openTour(frame: HTMLElement) {
  if (frame.dataset.state === "player") return;
  const rooms = JSON.parse(frame.dataset.tour ?? "[]") as Room[];
  if (!rooms.length) return;
  const before = [...frame.childNodes];

  const bar = document.createElement("div");
  bar.className = "tour-bar";
  const list = document.createElement("div");
  list.className = "tour-rooms";
  list.setAttribute("role", "group");
  list.setAttribute("aria-label", "방 선택");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "tour-close";
  close.textContent = "닫기";
  bar.append(list, close);

  const stage = document.createElement("div");
  stage.className = "tour-stage";
  stage.tabIndex = 0;
  stage.setAttribute("role", "application");
  stage.setAttribute(
    "aria-label",
    `${frame.dataset.title ?? ""} 360° 투어. 화살표 키로 둘러보고 + − 키로 확대·축소합니다`,
  );
  const status = document.createElement("p");
  status.className = "sr-only";
  status.setAttribute("aria-live", "polite");

  frame.replaceChildren(bar, stage, status);
  frame.dataset.state = "player";

  const scenes = Object.fromEntries(
    rooms.map((room) => [
      room.key,
      {
        type: "equirectangular",
        panorama: widthFor(room),
        preview: room.preview,
        yaw: room.yaw,
        hfov: 100,
        hotSpots: room.hotspots.map((spot) => ({
          type: "scene",
          sceneId: spot.target,
          yaw: spot.yaw,
          pitch: spot.pitch,
          cssClass: "tour-hotspot",
          createTooltipFunc: hotspotButton,
          createTooltipArgs: spot,
        })),
      },
    ]),
  );
  const viewer = window.pannellum.viewer(stage, {
    default: { firstScene: rooms[0]!.key, autoLoad: true, sceneFadeDuration: 300 },
    scenes,
    showFullscreenCtrl: true,
    keyboardZoom: true,
    compass: false,
    strings: {
      loadButtonLabel: "눌러서<br>360° 보기",
      loadingLabel: "불러오는 중…",
      bylineLabel: "",
      noPanoramaError: "파노라마 사진이 없습니다.",
      fileAccessError: "사진 %s을(를) 불러올 수 없습니다.",
      malformedURLError: "사진 주소가 올바르지 않습니다.",
      iOS8WebGLError: "이 기기에서는 360° 화면을 볼 수 없습니다.",
      genericWebGLError: "이 브라우저에서는 360° 화면을 볼 수 없습니다 (WebGL).",
      textureSizeError: "사진이 이 기기에서 보이기에 너무 큽니다.",
      unknownError: "알 수 없는 오류로 360° 화면을 열지 못했습니다.",
    },
  });

  const roomButtons = rooms.map((room) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tour-room";
    button.textContent = room.title;
    button.dataset.room = room.key;
    button.addEventListener("click", () => {
      if (viewer.getScene() !== room.key) viewer.loadScene(room.key);
    });
    return button;
  });
  list.append(...roomButtons);
  const showRoom = () => {
    const key = viewer.getScene();
    for (const b of roomButtons) b.setAttribute("aria-pressed", String(b.dataset.room === key));
    stage.dataset.room = key;
    status.textContent = `${rooms.find((r) => r.key === key)?.title ?? ""}에 있습니다`;
    // A hotspot followed is gone with its room: the keys go on turning the new room.
    if (!frame.contains(document.activeElement)) stage.focus();
  };
  viewer.on("scenechange", showRoom);
  viewer.on("load", showRoom);
  showRoom();

  // Opened full screen (phones, media.ts): leaving full screen (Escape, the phone's back) closes it.
  let wasFull = document.fullscreenElement === frame;
  const onFullscreen = () => {
    if (document.fullscreenElement === frame) wasFull = true;
    else if (wasFull) shut();
  };
  document.addEventListener("fullscreenchange", onFullscreen);
  const shut = () => {
    if (frame.dataset.state !== "player") return;
    document.removeEventListener("fullscreenchange", onFullscreen);
    if (document.fullscreenElement === frame) void document.exitFullscreen();
    viewer.destroy();
    frame.replaceChildren(...before);
    frame.dataset.state = "ready";
    frame.removeEventListener("keydown", onKey);
    frame.querySelector<HTMLElement>("[data-tour-start]")?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") shut();
  };
  close.addEventListener("click", shut);
  frame.addEventListener("keydown", onKey);
  stage.focus();
}
