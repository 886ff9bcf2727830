/*
 * WCAG contrast of a complex's colours (issue 39, item 4): the theme's help text promises 4.5:1
 * wherever the design puts text on them (app/content/schema.ts themeSchema), so 게시 refuses a
 * pair below it (app/console/content-store.server.ts documentProblems), and every sample is checked
 * by app/content/sites.test.ts.
 */

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The least contrast text keeps on the design's colours (WCAG AA). */
export const MIN_CONTRAST = 4.5;

type Theme = {
  primary: string;
  primaryAlt: string;
  accent: string;
  accentLight: string;
  accentText: string;
};

const WHITE = "#ffffff";
/** --bg-soft, the soft sections' ground (app/styles/base.css). */
const SOFT = "#f5f4f0";
/** The footer's ground (.site-footer). */
const FOOTER = "#15181f";

/**
 * Where the design puts text on the theme's colours: the field whose colour it is, the pair (text,
 * ground) and what it is in the theme's Korean words.
 */
export function themePairs(
  t: Theme,
): { field: keyof Theme; text: string; ground: string; what: string }[] {
  return [
    { field: "primary", text: WHITE, ground: t.primary, what: "대표 색 바탕의 흰 글씨" },
    { field: "primary", text: t.primary, ground: SOFT, what: "옅은 바탕 위의 대표 색 글씨" },
    { field: "primaryAlt", text: WHITE, ground: t.primaryAlt, what: "대표 색 2 바탕의 흰 글씨" },
    { field: "accent", text: WHITE, ground: t.accent, what: "강조 색 버튼의 흰 글씨" },
    {
      field: "accentLight",
      text: t.accentLight,
      ground: t.primary,
      what: "대표 색 바탕의 밝은 강조 글씨",
    },
    {
      field: "accentLight",
      text: t.accentLight,
      ground: t.primaryAlt,
      what: "대표 색 2 바탕의 밝은 강조 글씨",
    },
    { field: "accentLight", text: t.accentLight, ground: FOOTER, what: "바닥글의 밝은 강조 글씨" },
    { field: "accentText", text: t.accentText, ground: WHITE, what: "흰 바탕의 강조 글씨" },
    { field: "accentText", text: t.accentText, ground: SOFT, what: "옅은 바탕의 강조 글씨" },
  ];
}

const HEX = /^#[0-9a-f]{6}$/i;

/** "4.34:1", rounded down so that a ratio shown as 4.5:1 is one that passes. */
export const ratioText = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

/**
 * Each pair of a document's theme below 4.5:1, at the field of the colour that makes it (one
 * message per field, its weakest pair). No theme: the design's own colours, which keep it.
 */
export function themeContrastProblems(content: unknown): { path: string; message: string }[] {
  const doc = content as { theme?: Partial<Theme>; identity?: { color?: unknown } } | null;
  const primary = doc?.identity?.color;
  // The schema's own message names a colour that is not #rrggbb.
  if (typeof primary !== "string" || !HEX.test(primary)) return [];
  const theme = doc?.theme;
  const colours = theme && typeof theme === "object" ? Object.values(theme) : [];
  const full = colours.length === 4 && colours.every((c) => typeof c === "string" && HEX.test(c));
  if (theme && !full) return [];
  const pairs = full
    ? themePairs({ ...(theme as Omit<Theme, "primary">), primary })
    : // No theme: the design's own colours, which keep their pairs; the 대표 색 is the complex's.
      themePairs({ primary } as Theme).filter((p) => p.field === "primary");
  const worst = new Map<string, { ratio: number; what: string }>();
  for (const pair of pairs) {
    const ratio = contrastRatio(pair.text, pair.ground);
    if (ratio >= MIN_CONTRAST) continue;
    const before = worst.get(pair.field);
    if (!before || ratio < before.ratio) worst.set(pair.field, { ratio, what: pair.what });
  }
  return [...worst].map(([field, { ratio, what }]) => ({
    path: field === "primary" ? "identity.color" : `theme.${field}`,
    message: `${what}의 명암 대비가 ${ratioText(ratio)}입니다. 글씨가 잘 읽히도록 4.5:1 이상이 되는 색을 골라 주세요.`,
  }));
}
