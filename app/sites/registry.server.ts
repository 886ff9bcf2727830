import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { imageSize } from "image-size";
import { parse } from "yaml";
import type { Site } from "~/content/schema";
// Relative, not ~/: react-router.config.ts loads this module without the app's path aliases.
import { upgradeDocument, withIdentity } from "../content/identity";
import { validateSite } from "../content/validate";
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
import { hostOf, hostOrigin, normalizeHost } from "./host-name.server";

/*
 * The complexes this deployment serves: one folder each under `sites/` (SITES_DIR), its content in
 * `site.yaml`. Read and validated once per process; a request's complex is chosen by its host name.
 */

export const SITE_FILE = "site.yaml";

export function sitesRoot(): string {
  return resolve(process.env.SITES_DIR || "sites");
}

/** Shared artwork; a complex's own pictures are in `sites/<id>/images/`. */
const SHARED_IMAGES = "assets/images";
/**
 * Drawings the build makes from a complex's data (scripts/build-images.ts): `<dir>/<id>/<slot>`,
 * served under `/img/art/<id>/`. Build output, not source.
 */
export function generatedImagesRoot(): string {
  return resolve(process.env.ARTWORK_DIR || ".artwork");
}

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

/** Whether `id` is a complex of this deployment's folders (`sites/<id>/site.yaml`). */
const isComplexFolder = (id: string) => existsSync(join(sitesRoot(), id, SITE_FILE));

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

/** The parsed `site.yaml` of the complex in `dir` (errors name the file as `label` shows it). */
export function readSiteFile(dir: string, label = dir): unknown {
  try {
    // A file written before 단지 기본 정보 is read in today's shape (content/identity.ts).
    return upgradeDocument(parse(readFileSync(join(dir, SITE_FILE), "utf8")) as unknown);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${join(label, SITE_FILE)}: YAML 문법 오류입니다: ${reason}`);
  }
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

/** A complex's document, resolved and validated; errors name `label` (its file, or 콘솔 초안). */
export function siteFromData(data: unknown, dir: string, label: string): Site {
  const resolved = resolveSiteData(data, dir);
  if (resolved.problems.length) {
    throw new Error(resolved.problems.map((p) => `${label}: ${p}`).join("\n"));
  }
  return validateSite(resolved.data, label);
}

/** The YAML file of one complex as data, validated; errors name the file (`sites/x/site.yaml`). */
export function loadSite(dir: string, label = dir): Site {
  return siteFromData(readSiteFile(dir, label), dir, join(label, SITE_FILE));
}

/** Every complex under `root`, in folder order; ids and hosts unique, one default at most. */
export function loadSites(root = sitesRoot()): Site[] {
  if (!existsSync(root)) throw new Error(`단지 폴더가 없습니다: ${root}`);
  const base = process.env.SITES_DIR ? root : "sites";
  const sites = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, d.name, SITE_FILE)))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const site = loadSite(join(root, name), `${base}/${name}`);
      if (site.id !== name) {
        throw new Error(
          `${base}/${name}/${SITE_FILE}: id "${site.id}"가 폴더 이름(${name})과 다릅니다`,
        );
      }
      return site;
    });
  if (sites.length === 0) throw new Error(`단지가 하나도 없습니다: ${root}/<id>/${SITE_FILE}`);
  const owner = new Map<string, string>();
  for (const site of sites) {
    for (const host of site.hosts.map(hostOf)) {
      const other = owner.get(host);
      if (other) throw new Error(`호스트 ${host}를 두 단지(${other}, ${site.id})가 함께 씁니다`);
      owner.set(host, site.id);
    }
  }
  const defaults = sites.filter((s) => s.default);
  if (defaults.length > 1) {
    throw new Error(`기본 단지가 둘 이상입니다: ${defaults.map((s) => s.id).join(", ")}`);
  }
  return sites;
}

/**
 * Whether a complex's pages are served: `live`; `unpublished` (taken down in the console) and
 * `draft` (made in the console, never published) answer 준비 중 on their hosts.
 */
export type SiteState = "live" | "unpublished" | "draft";

type Registry = {
  /** Each complex with its live values, as its document has it (placeholders unfilled). */
  sites: Site[];
  /** The same as shown (placeholders filled from 단지 기본 정보, content/identity.ts). */
  shown: Site[];
  byHost: Map<string, Site>;
  byId: Map<string, Site>;
  /** Each complex as its content has it, before live values (app/sites/live.server.ts). */
  base: Map<string, Site>;
  states: Map<string, SiteState>;
};
let cached: Registry | undefined;

/**
 * A complex as its pages, messages and commands show it: its texts' placeholders (`{단지명}`…)
 * filled from its 단지 기본 정보, after its live values (a phone set in 운영 정보 reaches the
 * texts too). Made once per complex's data.
 */
const shownSites = new WeakMap<Site, Site>();
export function shownSite(site: Site): Site {
  let shown = shownSites.get(site);
  if (!shown) shownSites.set(site, (shown = withIdentity(site)));
  return shown;
}

function indexed(
  sites: Site[],
  base = new Map(sites.map((s) => [s.id, s])),
  states = new Map<string, SiteState>(),
): Registry {
  const shown = sites.map(shownSite);
  return {
    sites,
    shown,
    byId: new Map(shown.map((s) => [s.id, s])),
    // Keyed as siteForHost looks a host up: normalised (host-name.server.ts).
    byHost: new Map(shown.flatMap((s) => s.hosts.map((h) => [hostOf(h), s] as const))),
    base,
    states,
  };
}

function registry() {
  cached ??= indexed(loadSites());
  return cached;
}

/** For tests and commands: forget the complexes (read again when next asked), or use these. */
export function resetSites(sites?: Site[], states?: Map<string, SiteState>) {
  cached = sites && indexed(sites, undefined, states);
}

/** A complex as its content file has it, without the values set in 운영 정보. */
export function baseSite(id: string): Site {
  const site = registry().base.get(id);
  if (!site) throw new Error(`없는 단지입니다: ${id}`);
  return site;
}

/** Serves `site` (the same id, its live values applied) in place of the complex's current data. */
export function replaceSite(site: Site) {
  const { sites, base, states } = registry();
  cached = indexed(
    sites.map((s) => (s.id === site.id ? site : s)),
    base,
    states,
  );
}

/**
 * A complex's content as the content store has it now (a publish, a new complex, taken down), in
 * place of what was there, or added; its live values are applied again by the next live sync.
 */
export function putSite(site: Site, state: SiteState) {
  const { sites, base, states } = registry();
  const known = sites.some((s) => s.id === site.id);
  cached = indexed(
    known ? sites.map((s) => (s.id === site.id ? site : s)) : [...sites, site],
    new Map(base).set(site.id, site),
    new Map(states).set(site.id, state),
  );
}

/** A complex deleted in the console: no longer served, its hosts answered by the default. */
export function dropSite(id: string) {
  const { sites, base, states } = registry();
  const rest = new Map(base);
  rest.delete(id);
  const restStates = new Map(states);
  restStates.delete(id);
  cached = indexed(
    sites.filter((s) => s.id !== id),
    rest,
    restStates,
  );
}

/**
 * 미리보기: inside `withSiteOverride(site, fn)` the complex `site.id` is `site` (a draft) for
 * everything `fn` does, through the same lookups the public pages use; the rest of the process
 * (other requests, other complexes) still sees the registry.
 */
const override = new AsyncLocalStorage<Site>();
export function withSiteOverride<T>(site: Site, fn: () => T): T {
  return override.run(site, fn);
}
const overridden = (id: string | undefined) => {
  const site = override.getStore();
  return site && site.id === id ? shownSite(site) : undefined;
};

/** Whether a complex's pages are served (a complex from a folder is live; a preview's is). */
export function siteState(id: string): SiteState {
  if (overridden(id)) return "live";
  return registry().states.get(id) ?? "live";
}

/** Every complex as shown (placeholders filled). */
export function allSites(): Site[] {
  const site = override.getStore();
  const { shown } = registry();
  return site ? shown.map((s) => (s.id === site.id ? shownSite(site) : s)) : shown;
}

export function siteById(id: string): Site | undefined {
  return overridden(id) ?? registry().byId.get(id);
}

/** The complex with this id (stored data names it); a missing one is a fault, not a visitor's. */
export function requireSite(id: string): Site {
  const site = siteById(id);
  if (!site) throw new Error(`없는 단지입니다: ${id}`);
  return site;
}

/** The complex answered for a host no complex names: DEFAULT_SITE, else the one marked default. */
export function defaultSite(): Site {
  const { byId } = registry();
  const wanted = process.env.DEFAULT_SITE;
  if (wanted) {
    const site = byId.get(wanted);
    if (!site) throw new Error(`DEFAULT_SITE "${wanted}" 단지가 없습니다`);
    return site;
  }
  const { shown } = registry();
  return shown.find((s) => s.default) ?? shown.find((s) => siteState(s.id) === "live") ?? shown[0]!;
}

/**
 * The complex a host name (`host[:port]`, normalised: host-name.server.ts) asks for: `<id>.localhost` on any port or
 * `<id>.<SITES_DOMAIN>` (one wildcard domain for all) when complex <id> exists, else one whose
 * hosts list it (with or without the port), else the default.
 */
export function siteForHost(host: string | null | undefined): Site {
  const { byHost, byId } = registry();
  const lower = normalizeHost(host ?? "");
  const name = lower.replace(/:\d+$/, "");
  // `<id>.localhost` everywhere, and `<id>.<SITES_DOMAIN>` behind a wildcard domain.
  const domain = process.env.SITES_DOMAIN?.toLowerCase();
  const local =
    /^([a-z][a-z0-9-]*)\.localhost$/.exec(name) ??
    (domain && name.endsWith(`.${domain}`) ? /^([a-z][a-z0-9-]*)\./.exec(name) : null);
  // `<id>.localhost` is complex <id>'s whatever another complex lists (app/sites/hosts.server.ts).
  const site =
    (local ? byId.get(local[1]!) : undefined) ??
    byHost.get(lower) ??
    byHost.get(name) ??
    defaultSite();
  return overridden(local?.[1] ?? site.id) ?? site;
}

/** The complex a request is for (its URL's host is the trusted one: server/react-router.js). */
export function siteOf(request: Request): Site {
  return siteForHost(new URL(request.url).host);
}

/**
 * The public origin of a complex, for canonical links, feeds and messages: SITE_URL for the
 * default complex, `SITE_URL__<ID>` for another, else its first host with its scheme (https unless
 * the entry says `http://`, or names localhost or an IP: host-name.server.ts hostOrigin), else
 * `https://<id>.<SITES_DOMAIN>`, else `<id>.localhost` on this server's port.
 */
export function siteOrigin(site: Site): string {
  const own = process.env[`SITE_URL__${site.id.toUpperCase().replace(/-/g, "_")}`];
  if (own) return own.replace(/\/+$/, "");
  if (site.id === defaultSite().id) {
    return (process.env.SITE_URL || "http://localhost:3000").replace(/\/+$/, "");
  }
  if (site.hosts[0]) return hostOrigin(site.hosts[0]);
  if (process.env.SITES_DOMAIN) return `https://${site.id}.${process.env.SITES_DOMAIN}`;
  return `http://${site.id}.localhost:${process.env.PORT || 3000}`;
}
