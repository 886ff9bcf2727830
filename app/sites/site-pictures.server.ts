import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { imageSize } from "image-size";
// Relative, not ~/: react-router.config.ts loads this module (through registry.server.ts) without
// the app's path aliases.
import { MEDIA_SRC, slotOf } from "../lib/images";
import {
  DRAWN_FILES,
  DRAWN_SIZE,
  DRAWN_SLOT_SRC,
  DRAWN_SLOTS,
  drawnAlt,
  drawnSrc,
  wordmarkFacts,
  type DrawnKind,
  type HeroRef,
} from "./drawn-pictures.server";
import { generatedImagesRoot, isComplexFolder, SHARED_IMAGES, sitesRoot } from "./folders.server";

/*
 * A complex's pictures: each slot of its document (an object with `src` and `alt`) resolved to its
 * file (its own folder's, a drawing the build made, the shared artwork, or an upload in the media
 * store), its size read from it; a `src` that would lead out of its folder refused before any file
 * is opened (issue 38). The registry (registry.server.ts) resolves every complex it loads with it.
 */

const SUPPLIED_FORMATS = ["jpg", "jpeg", "png", "webp", "svg"];

/**
 * Whether a picture's `src` could lead out of the folders it is looked for in: a `..` or `.` part,
 * an absolute path, a backslash, a drive letter, a `%`-encoded form, a control character. Such a
 * `src` is refused before any file is opened, the same way whether the file it names exists or not
 * (issue 38: an import told which files the server has).
 */
function leavesFolder(src: string): boolean {
  return /^\/|[\\%:\p{Cc}]/u.test(src) || src.split("/").some((p) => p === ".." || p === ".");
}

/** The problem of a slot whose `src` leaves its folder, one message whatever is there. */
const OUTSIDE = "그림 경로가 단지 폴더 밖을 가리킵니다";

/**
 * Whether a picture `src` of complex `id` points where it may not: out of its folder
 * (`leavesFolder`), or at pictures (`sites/<other>/…`, `art/<other>/…`) of an `<other>` that is
 * neither the complex itself nor a complex of this deployment's folders. A copy made in the
 * console (새 단지, content-store.server.ts) shows the pictures of the complex it was copied from,
 * which is always one of those folders. Decided on the `src` alone, before any file is opened, so
 * that the answer does not tell whether a file is there (issue 38, item 7).
 */
export function outsideComplex(src: string, id: string): boolean {
  if (leavesFolder(src)) return true;
  const named = /^(?:sites|art)\/([a-z0-9-]+)\//.exec(src)?.[1];
  return named !== undefined && named !== id && !isComplexFolder(named);
}

/**
 * Whether `file` is a file (a folder, or nothing, is not). Without an error for a missing one: a
 * complex's data looks for each picture in several places, and the errors were most of its cost.
 */
function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

type PictureSize = { width?: number; height?: number } | undefined;
/**
 * Sizes read, by file, with the modification time and length they were read at: a complex's
 * pictures are read once per process, not once per load of its data (with 500 copies of the sample,
 * reading every picture whole again took half of each complex's share of the start).
 */
const sizesRead = new Map<string, { stamp: string; size: PictureSize }>();

/**
 * A picture file's size; undefined when it is no file or not a picture its reader knows: answered
 * as a missing picture, never a fault (a folder once threw EISDIR, a 500).
 */
function pictureSize(file: string): PictureSize {
  let stamp: string;
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return undefined;
    stamp = `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return undefined;
  }
  const known = sizesRead.get(file);
  if (known?.stamp === stamp) return known.size;
  let size: PictureSize;
  try {
    size = imageSize(readFileSync(file));
  } catch {
    size = undefined;
  }
  sizesRead.set(file, { stamp, size });
  return size;
}

/**
 * Every picture slot of a complex's data (an object with `src` and `alt`) resolved to its file,
 * with its size read from that file: a picture the complex supplies (`sites/<id>/images/<src>`,
 * any of JPEG, PNG, WebP or SVG whatever the extension `src` names) is its own, served under
 * `/img/sites/<id>/`; else a drawing the build made from its data (`.artwork/<id>/<src>`, served
 * under `/img/art/<id>/`); otherwise the shared artwork `assets/images/<src>`. Only a drawing the build
 * makes from the data (the home page's views) may give its size instead, as the size to draw.
 */
type DrawnSlot = { kind: DrawnKind; slot: Record<string, unknown> };

function resolveImages(
  value: unknown,
  dir: string,
  id: string,
  problems: string[],
  path: string,
  drawn: DrawnSlot[],
) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => resolveImages(v, dir, id, problems, `${path}.${i}`, drawn));
    return;
  }
  if (!value || typeof value !== "object") return;
  const o = value as Record<string, unknown>;
  if (typeof o.src !== "string" || !("alt" in o)) {
    for (const [k, v] of Object.entries(o))
      resolveImages(v, dir, id, problems, path ? `${path}.${k}` : k, drawn);
    return;
  }
  // An uploaded picture (app/media/) is in the media store: its name gives its size.
  const media = MEDIA_SRC.exec(o.src);
  if (media) {
    o.width = Number(media[2]);
    o.height = Number(media[3]);
    return;
  }
  if (outsideComplex(o.src, id)) {
    problems.push(`${path}.src "${o.src}": ${OUTSIDE}`);
    return;
  }
  // The logo and the share image: the complex's own file, else drawn from its identity, never the
  // picture of the complex it was copied from nor a shared sample (drawn-pictures.server.ts).
  const kind = DRAWN_SLOTS[path as keyof typeof DRAWN_SLOTS];
  if (kind) {
    if (!ownPicture(o, kind, dir, id)) drawn.push({ kind, slot: o });
    return;
  }
  const hasSize = typeof o.width === "number" && typeof o.height === "number";
  // Already resolved: a copy of another complex keeps its pictures (app/console/content-store.server.ts).
  if (/^(sites|art)\/[a-z0-9-]+\//.test(o.src)) {
    const file = imageSource(o.src);
    if (hasSize && isFile(file)) return;
    const size = hasSize ? undefined : pictureSize(file);
    if (size) {
      o.width ??= size.width;
      o.height ??= size.height;
      return;
    }
  }
  const base = o.src.replace(/\.[a-z]+$/, "");
  const ext = SUPPLIED_FORMATS.find((e) => isFile(join(dir, "images", `${base}.${e}`)));
  let file: string | undefined;
  if (ext) {
    o.src = `sites/${id}/${base}.${ext}`;
    file = join(dir, "images", `${base}.${ext}`);
    // A supplied picture's size is its own, whatever the slot's drawing would have been.
    delete o.width;
    delete o.height;
  } else if (id && isFile(join(generatedImagesRoot(), id, o.src))) {
    file = join(generatedImagesRoot(), id, o.src);
    o.src = `art/${id}/${o.src}`;
  } else if (isFile(join(SHARED_IMAGES, o.src))) {
    file = join(SHARED_IMAGES, o.src);
  }
  if (typeof o.width === "number" && typeof o.height === "number") return;
  // A file that is no picture is answered as a missing one.
  const size = file ? pictureSize(file) : undefined;
  if (size) {
    o.width ??= size.width;
    o.height ??= size.height;
  } else {
    problems.push(
      `${path}.src "${o.src}": 이미지 파일이 없습니다 (${dir}/images/ 또는 ${SHARED_IMAGES}/)`,
    );
  }
}

/**
 * A drawn slot's picture of the complex's own: a file in its folder under the slot's name, else the
 * build's drawing of it (`.artwork/<id>/`, scripts/build-images.ts). False when it has neither.
 * `dir` undefined: a slot the document leaves out (a logo), only the build's drawing.
 */
function ownPicture(
  o: Record<string, unknown>,
  kind: DrawnKind,
  dir: string | undefined,
  id: string,
): boolean {
  const base = slotOf(o.src as string).replace(/\.[a-z]+$/, "");
  const ext =
    dir === undefined
      ? undefined
      : SUPPLIED_FORMATS.find((e) => isFile(join(dir, "images", `${base}.${e}`)));
  const drawing = join(generatedImagesRoot(), id, DRAWN_FILES[kind]);
  let file: string;
  if (ext && dir !== undefined) {
    file = join(dir, "images", `${base}.${ext}`);
    o.src = `sites/${id}/${base}.${ext}`;
  } else if (id && isFile(drawing)) {
    file = drawing;
    o.src = `art/${id}/${DRAWN_FILES[kind]}`;
  } else return false;
  const size = pictureSize(file);
  if (!size) return false;
  o.width = size.width;
  o.height = size.height;
  return true;
}

/** The hero a share image is drawn on: its resolved `src` and its file, if not an upload. */
export function heroOf(data: unknown): HeroRef | undefined {
  const hero = (data as { home?: { hero?: { wide?: { src?: unknown } } } } | null)?.home?.hero
    ?.wide;
  if (typeof hero?.src !== "string") return undefined;
  if (MEDIA_SRC.test(hero.src) || leavesFolder(hero.src)) return { src: hero.src };
  return { src: hero.src, file: imageSource(hero.src) };
}

/**
 * The file of a resolved picture `src`: a complex's own, a drawing made from its data, or shared.
 * A `src` that leaves its folder names none (a fault of the caller, which checks it first).
 */
export function imageSource(src: string, root = sitesRoot()): string {
  if (leavesFolder(src)) throw new Error(`${OUTSIDE}: ${src}`);
  const own = /^sites\/([a-z0-9-]+)\/(.+)$/.exec(src);
  if (own) return join(root, own[1]!, "images", own[2]!);
  const drawn = /^art\/([a-z0-9-]+)\/(.+)$/.exec(src);
  if (drawn) return join(generatedImagesRoot(), drawn[1]!, drawn[2]!);
  return join(SHARED_IMAGES, src);
}

/**
 * A complex's data as its document has it, its picture slots resolved to their files (sizes read
 * from them) in a copy; `problems` names every slot without a picture. `dir`: its folder, for the
 * pictures it supplies (`sites/<id>/`); a complex made in the console has none.
 */
export function resolveSiteData(data: unknown, dir: string): { data: unknown; problems: string[] } {
  const copy: unknown = structuredClone(data);
  const problems: string[] = [];
  const rawId = (copy as { id?: unknown } | null)?.id;
  const id = typeof rawId === "string" ? rawId : "";
  const drawn: DrawnSlot[] = [];
  resolveImages(copy, dir, id, problems, "", drawn);
  // No logo named (단지 기본 정보's 로고 is optional): the wordmark drawn from its identity, as for
  // a logo that is not its own (docs/decisions/043-drawn-identity-pictures.md).
  const identity = (copy as { identity?: unknown } | null)?.identity;
  if (identity && typeof identity === "object" && !Array.isArray(identity)) {
    const group = identity as Record<string, unknown>;
    if (group.logo === undefined) {
      const alt = drawnAlt("logo", wordmarkFacts(copy));
      const slot: Record<string, unknown> = { src: DRAWN_SLOT_SRC.logo, alt };
      group.logo = slot;
      if (!ownPicture(slot, "logo", undefined, id)) drawn.push({ kind: "logo", slot });
    }
  }
  for (const { kind, slot } of drawn) {
    const facts = wordmarkFacts(copy);
    slot.src = drawnSrc(kind, facts, heroOf(copy));
    Object.assign(slot, DRAWN_SIZE[kind]);
    // What the drawing shows, whatever the copied slot said.
    slot.alt = drawnAlt(kind, facts);
  }
  return { data: copy, problems };
}
