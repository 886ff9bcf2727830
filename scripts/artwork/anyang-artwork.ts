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
};
