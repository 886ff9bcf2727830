import type { Artwork } from "../../app/content/schema";

/**
 * The artwork facts of the sample complex (라움하임 평촌 센트럴, Anyang), kept apart from the
 * generators until content moves to one file per complex; then this becomes that file's `artwork`.
 */
export const anyangArtwork: Artwork = {
  wordmark: "RAUMHEIM",
  locationMap: {
    streets: { x: [130, 420, 700, 980], y: [90, 300, 640] },
    stream: {
      name: "학의천",
      path: "M-20 200 C160 140 300 230 500 176 S840 96 1000 150 S1160 190 1220 168",
      label: { x: 210, y: 178 },
      trees: { count: 14, fromY: 168, toY: 148 },
    },
    parks: [
      {
        name: "중앙공원",
        x: 250,
        y: 584,
        width: 240,
        height: 150,
        label: { x: 370, y: 670 },
        trees: 26,
      },
    ],
    greens: [{ x: 600, y: 684, width: 170, height: 96 }],
    districts: [
      { name: "평촌 학원가", x: 170, y: 312, width: 240, height: 110, label: { x: 290, y: 374 } },
    ],
    expressway: {
      name: "수도권제1순환고속도로",
      path: "M1080 -20 C1100 200 1150 360 1130 520 S1100 720 1110 820",
      label: { x: 1148, y: 330, angle: 84 },
    },
    roads: [
      { name: "시민대로", direction: "east-west", at: 472, width: 40, labelAt: 690 },
      { name: "평촌대로", direction: "north-south", at: 559, width: 34, labelAt: 395 },
    ],
    subway: {
      name: "지하철 4호선",
      color: "#00a5de",
      y: 522,
      stations: [
        { x: 300, name: "4호선 범계역" },
        { x: 820, name: "4호선 평촌역" },
      ],
      west: "금정 방면",
      east: "인덕원 방면",
    },
    places: [
      { x: 700, y: 252, letter: "초", name: "초등학교", kind: "education" },
      { x: 460, y: 250, letter: "고", name: "고등학교", kind: "education" },
      { x: 900, y: 340, letter: "중", name: "중학교", kind: "education" },
      { x: 180, y: 600, letter: "백", name: "백화점", kind: "shopping" },
      { x: 680, y: 600, letter: "마", name: "대형마트", kind: "shopping" },
      { x: 930, y: 612, letter: "시", name: "안양시청", kind: "public" },
      { x: 1000, y: 400, letter: "병", name: "종합병원", kind: "medical" },
    ],
    site: { x: 602, y: 322, width: 170, height: 114 },
  },
  sitePlan: {
    roads: { south: "시민대로", west: "평촌대로", north: "단지 북측 도로", east: "단지 동측 도로" },
    buildings: [
      { name: "101동", x: 230, y: 180 },
      { name: "102동", x: 525, y: 176 },
      { name: "103동", x: 815, y: 180 },
      { name: "104동", x: 210, y: 590 },
      { name: "105동", x: 560, y: 600 },
      { name: "106동", x: 840, y: 590 },
    ],
    facilities: [
      { name: "커뮤니티센터", x: 220, y: 360, width: 140, height: 100 },
      { name: "어린이집", x: 880, y: 330, width: 110, height: 56 },
      { name: "경로당", x: 880, y: 404, width: 110, height: 50 },
      { name: "관리동", x: 240, y: 676, width: 110, height: 44 },
    ],
    playgrounds: [
      { x: 467, y: 214, r: 32 },
      { x: 785, y: 690, r: 34 },
    ],
    plaza: { name: "중앙 숲광장", x: 610, y: 417, rx: 220, ry: 100, label: { x: 520, y: 360 } },
    water: { name: "수경시설", x: 660, y: 420, rx: 92, ry: 38 },
    fireLane: { x: 180, y: 150, width: 870, height: 570 },
    walks: [
      { path: "M470 774 V500", width: 56 },
      { path: "M830 417 H1104 M116 290 H180 M600 92 V150 M600 150 V318", width: 28 },
      { path: "M116 500 H390", width: 24 },
    ],
    trail: {
      name: "산책로",
      path: "M200 520 C260 480 330 540 390 500 M840 520 C900 560 960 500 1030 540 M610 517 C630 560 700 560 720 600",
      label: { x: 310, y: 548 },
    },
    gates: [
      { name: "주출입구", x: 470, y: 774, rotate: -90, label: { x: 470, y: 822 } },
      { name: "부출입구", x: 1104, y: 417, rotate: 180, label: { x: 1090, y: 390, anchor: "end" } },
      {
        name: "보행 출입구",
        x: 116,
        y: 290,
        rotate: 0,
        label: { x: 130, y: 330, anchor: "start" },
      },
      { name: "보행 출입구", x: 600, y: 92, rotate: 90, label: { x: 620, y: 84, anchor: "start" } },
    ],
    ramps: [
      { name: "지하주차장 출입구", x: 960, y: 762, rotate: 0, label: { x: 960, y: 822 } },
      {
        name: "지하주차장 출입구",
        x: 1092,
        y: 250,
        rotate: 90,
        label: { x: 1090, y: 300, anchor: "end" },
      },
    ],
    clear: [
      [380, 310, 840, 525],
      [436, 490, 504, 780],
      [830, 400, 1110, 434],
      [100, 276, 194, 304],
      [584, 86, 616, 320],
      [100, 486, 396, 514],
    ],
  },
};
