import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
// Relative, not ~/: the registry imports this module through site-pictures.server.ts
// (react-router.config.ts loads it without aliases).
import { DEFAULT_COLOR } from "../content/identity";

/*
 * The pictures a complex gets drawn from its identity when it has none of its own (issue 39,
 * item 2; docs/decisions/043-drawn-identity-pictures.md): the logo, a wordmark of its 단지명 and
 * 브랜드 in its colours, and the share image (og:image, 1200×630), its hero picture with its name.
 * This module decides which slots are drawn and names their files; app/media/drawn.server.ts
 * draws them.
 */

/**
 * The slots drawn when the complex supplies no picture for them, by their path in the content. A
 * document without a logo (단지 기본 정보's 로고 is optional) gets the drawn one too.
 */
export const DRAWN_SLOTS = { "identity.logo": "logo", "seo.ogImage": "share" } as const;
export type DrawnKind = (typeof DRAWN_SLOTS)[keyof typeof DRAWN_SLOTS];

/** The drawn pictures' sizes: the header's logo box (app/styles/layout.css) and og:image. */
export const DRAWN_SIZE = {
  logo: { width: 180, height: 40 },
  share: { width: 1200, height: 630 },
} as const;

/**
 * Part of every drawn picture's name: raise it when the drawings change (app/media/drawn.server.ts),
 * so that a page never names a file whose bytes differ from another instance's (files are cached
 * for a year under their name).
 */
const DRAWING_VERSION = 1;

/** The default colours of the design (app/styles/base.css) for a complex without `theme`. */
const DEFAULT_COLOURS = { primary: DEFAULT_COLOR, accent: "#8b6a36", accentLight: "#d9bd8c" };

export type WordmarkFacts = {
  name: string;
  brand: string;
  colours: { primary: string; accent: string; accentLight: string };
};

type Loose = Record<string, unknown> | undefined;
const textOf = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const colourOf = (value: unknown, fallback: string) =>
  typeof value === "string" && /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : fallback;

/**
 * The identity a drawing is made from: 단지명, 브랜드 and 대표 색 of 단지 기본 정보 (`identity`,
 * docs/decisions/042-identity-once.md) and the theme's two accent colours. The one place that
 * reads them from the content (any document in today's shape, checked or not).
 */
export function wordmarkFacts(content: unknown): WordmarkFacts {
  const c = (content ?? {}) as Record<string, unknown>;
  const identity = c.identity as Loose;
  const theme = c.theme as Loose;
  const name = textOf(identity?.name);
  return {
    name,
    brand: textOf(identity?.brand) || name,
    colours: {
      primary: colourOf(identity?.color, DEFAULT_COLOURS.primary),
      accent: colourOf(theme?.accent, DEFAULT_COLOURS.accent),
      accentLight: colourOf(theme?.accentLight, DEFAULT_COLOURS.accentLight),
    },
  };
}

/** What the share image is drawn on: the hero's resolved `src` and, for a file, its file. */
export type HeroRef = { src: string; file?: string };

const sha16 = (data: string | Buffer) =>
  createHash("sha256").update(data).digest("hex").slice(0, 16);

const fileHashes = new Map<string, { at: string; hash: string }>();

/**
 * The hash of a hero's file (its bytes: the same on every instance), so that a hero drawn again
 * under the same name gets a new share image. Read again only when the file's size or time moved.
 */
function fileHash(file: string | undefined): string {
  if (!file) return "";
  try {
    const s = statSync(file);
    const at = `${s.size}:${s.mtimeMs}`;
    const known = fileHashes.get(file);
    if (known?.at === at) return known.hash;
    const hash = sha16(readFileSync(file));
    fileHashes.set(file, { at, hash });
    return hash;
  } catch {
    return "missing";
  }
}

/**
 * The `src` of a drawn picture in the media store: named by what it is drawn from (not by its
 * bytes, which exist only once drawn), so that resolving a document names it at once and
 * `ensureDrawn` draws it before a page shows it.
 */
export function drawnSrc(kind: DrawnKind, facts: WordmarkFacts, hero?: HeroRef): string {
  const { width, height } = DRAWN_SIZE[kind];
  const from =
    kind === "logo"
      ? JSON.stringify([kind, DRAWING_VERSION, facts])
      : JSON.stringify([kind, DRAWING_VERSION, facts, hero?.src ?? "", fileHash(hero?.file)]);
  return `media/${sha16(from)}-${width}x${height}.${kind === "logo" ? "svg" : "jpg"}`;
}

/** The text of a drawn picture: the name it shows. */
export function drawnAlt(kind: DrawnKind, facts: WordmarkFacts): string {
  return kind === "logo" ? facts.name : `${facts.name} 대표 이미지`;
}

/** Where the build puts its drawings of a folder's complex, under `.artwork/<id>/` (photo/: variants). */
export const DRAWN_FILES: Record<DrawnKind, string> = {
  logo: "brand/drawn-logo.svg",
  share: "photo/drawn-share.jpg",
};

/**
 * The `src` of a drawn slot a document leaves unnamed: a copy's share image (새 단지) and, while
 * resolving, a logo the document names none of. A name of no file of its own, so it is drawn (the
 * sample's own names, which a folder's copy keeps too).
 */
export const DRAWN_SLOT_SRC: Record<DrawnKind, string> = {
  logo: "brand/logo.svg",
  share: "photo/og-image.svg",
};
