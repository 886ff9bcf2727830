/*
 * A complex as a folder, in and out (issue 29, docs/decisions/037-portable-complex.md): export is a
 * zip of `<id>/site.yaml` and `<id>/images/…` holding every picture the document uses that another
 * deployment may lack (a folder's own pictures, uploaded ones); import reads such a folder or zip
 * into a complex's new draft, its pictures into the media store. Shared artwork (`assets/images/`)
 * and the build's drawings (`art/<id>/…`) are in every deployment and stay named as they are.
 *
 * The round trip keeps every picture's `src`, so the pages come out byte for byte the same: an
 * uploaded picture is exported under its media name (`<hash>-<W>x<H>.<ext>`, the bytes as stored)
 * and comes back as the same `media/…` src; a folder's picture this deployment already has (same
 * path and bytes under `sites/<id>/images/`) keeps pointing there.
 */
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { imageSize } from "image-size";
import { PassThrough, Readable } from "node:stream";
import { parse, stringify } from "yaml";
import yazl from "yazl";
import { upgradeDocument } from "~/content/identity";
import { fileField } from "~/http/form.server";
import { uploadedPath } from "~/http/streamed-form.server";
import { processUpload } from "~/media/upload.server";
import { mediaStore, type MediaStore } from "~/media/store.server";
import { MEDIA_MESSAGES } from "~/lib/media-upload";
import { MEDIA_SRC } from "~/lib/images";
import { SITE_ID } from "~/lib/sites";
import type { SiteProblem } from "~/content/validate";
import { documentProblems, getDraft, importDocument } from "./content-store.server";
import { PICTURE, PORTABLE_MESSAGES, SITE_ZIP_MAX_BYTES } from "./portable-messages.server";
import { PortableError, unpackZip, type ZipSource } from "./zip-unpack.server";
import { normalizeHosts } from "~/sites/host-name.server";
import { defaultProblems, hostProblems, isDefaultSite } from "~/sites/hosts.server";
import { SITE_FILE, sitesRoot } from "~/sites/folders.server";
import { imageSource, outsideComplex, resolveSiteData } from "~/sites/site-pictures.server";

type Slot = { raw: Record<string, unknown>; resolved: Record<string, unknown>; path: string };

/** Every picture slot of a document with what it resolves to from `dir` (site-pictures.server.ts). */
function pictureSlots(content: unknown, dir: string): Slot[] {
  const { data } = resolveSiteData(content, dir);
  const slots: Slot[] = [];
  const walk = (raw: unknown, resolved: unknown, path: string) => {
    if (!raw || typeof raw !== "object" || !resolved || typeof resolved !== "object") return;
    const r = raw as Record<string, unknown>;
    const d = resolved as Record<string, unknown>;
    if (typeof r.src === "string" && "alt" in r && typeof d.src === "string") {
      slots.push({ raw: r, resolved: d, path });
      return;
    }
    for (const key of Object.keys(r)) walk(r[key], d[key], path ? `${path}.${key}` : key);
  };
  walk(content, data, "");
  return slots;
}

/* ------------------------------------------------------------------------------------------ */
/* Export                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/**
 * `<id>.zip` of a document (a draft or a version), streamed: `<id>/site.yaml` and `<id>/images/…`,
 * one picture read at a time (a folder's from its file, an uploaded one from the media store).
 */
export function exportZip(
  siteId: string,
  content: Record<string, unknown>,
  { store = mediaStore(), root = sitesRoot() }: { store?: MediaStore; root?: string } = {},
): Readable {
  const doc = structuredClone(content);
  const files = new Map<string, { key: string; open: () => Promise<Readable> }>();
  /** The name a picture gets in `images/`: its own, or, when other bytes took it, with a prefix. */
  const place = (name: string, key: string, open: () => Promise<Readable>) => {
    const taken = files.get(name);
    const placed = taken && taken.key !== key ? `${files.size}-${name}` : name;
    files.set(placed, { key, open });
    return placed;
  };
  for (const slot of pictureSlots(doc, join(root, siteId))) {
    const src = slot.resolved.src as string;
    const media = MEDIA_SRC.exec(src);
    // A logo or share image drawn from the identity (drawn-pictures.server.ts) stays drawn: its
    // document keeps the slot's name, and the importing deployment draws it again.
    if (media && !MEDIA_SRC.test(slot.raw.src as string)) continue;
    if (media) {
      const name = src.slice("media/".length);
      slot.raw.src = place(name, src, async () => {
        const found = await store.get(src);
        if (!found) throw new Error(`미디어 저장소에 없는 사진입니다: ${src}`);
        return Readable.from([found.bytes]);
      });
      continue;
    }
    const own = /^sites\/([a-z0-9-]+)\/(.+)$/.exec(src);
    // A draft may hold a `src` out of the folder (saved with its problem shown): never read.
    if (own && !outsideComplex(src, siteId)) {
      const file = imageSource(src, root);
      slot.raw.src = place(own[2]!, src, async () => createReadStream(file));
    }
    // Shared artwork and the build's drawings: every deployment has them, named as they are.
  }

  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  zip.addBuffer(Buffer.from(stringify(doc, { lineWidth: 0 })), `${siteId}/${SITE_FILE}`);
  for (const [name, { open }] of files) {
    // Pictures are compressed already.
    zip.addReadStreamLazy(`${siteId}/images/${name}`, { compress: false }, (cb) => {
      open().then(
        (stream) => cb(null, stream),
        (error: Error) => {
          out.destroy(error);
          cb(error, Readable.from([]));
        },
      );
    });
  }
  zip.end();
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/* Import                                                                                     */
/* ------------------------------------------------------------------------------------------ */

const sameBytes = (file: string, bytes: Buffer) => {
  const stat = statSync(file, { throwIfNoEntry: false });
  return !!stat?.isFile() && stat.size === bytes.length && readFileSync(file).equals(bytes);
};

/** The folders of this deployment (`sites/<id>/`), the complex's own first. */
function deploymentFolders(root: string, first: string): string[] {
  if (!existsSync(root)) return [];
  const ids = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, d.name, SITE_FILE)))
    .map((d) => d.name);
  return [first, ...ids.filter((id) => id !== first).sort()];
}

/** The picture files under `images` (by their names; README and the like are not pictures). */
function picturesIn(images: string): string[] {
  if (!existsSync(images)) return [];
  return readdirSync(images, { recursive: true, encoding: "utf8" })
    .map((rel) => rel.split(sep).join("/"))
    .filter((rel) => PICTURE.test(rel) && statSync(join(images, rel)).isFile());
}

export type ImportMode =
  /**
   * Into this complex's draft (its page in the console): the folder's id is replaced by it;
   * `keepHosts` (an editor's import) keeps the complex's hosts and its 기본 단지 mark whatever the
   * folder says.
   */
  | { into: string; keepHosts?: boolean }
  /** A complex the store does not know (단지 관리; the command with `create`), never published. */
  | { create: true; id?: string }
  /** The command: the folder's id (or `--id`), a new draft of a known complex or a new one. */
  | { id?: string };

export type ImportResult =
  | { ok: true; siteId: string; created: boolean; uploaded: number }
  | { ok: false; problems: SiteProblem[] };

/**
 * A complex's folder (`site.yaml` + `images/`) into the store as a new draft: never over a
 * published version. Its pictures go to the media store (every instance serves them) unless this
 * deployment already has the same bytes (an exported upload, a sample's folder picture). Checked as
 * the build checks it (the build's Korean messages) before anything of it is kept.
 */
export async function importSiteFolder(
  dir: string,
  mode: ImportMode,
  by: string,
  {
    store = mediaStore(),
    root = sitesRoot(),
    now = new Date(),
  }: { store?: MediaStore; root?: string; now?: Date } = {},
): Promise<ImportResult> {
  const fail = (message: string, path = ""): ImportResult => ({
    ok: false,
    problems: [{ path, message }],
  });
  const file = join(dir, SITE_FILE);
  if (!existsSync(file)) return fail(PORTABLE_MESSAGES.noSiteFile);
  let content: Record<string, unknown>;
  try {
    const parsed: unknown = parse(readFileSync(file, "utf8"));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      return fail(PORTABLE_MESSAGES.yaml("단지 내용이 아닙니다"));
    // A zip exported before 단지 기본 정보 comes in today's shape (content/identity.ts).
    content = upgradeDocument(parsed as Record<string, unknown>);
  } catch (error) {
    return fail(PORTABLE_MESSAGES.yaml(error instanceof Error ? error.message : String(error)));
  }
  const id = "into" in mode ? mode.into : (mode.id ?? String(content.id ?? ""));
  if (!SITE_ID.test(id)) return fail(PORTABLE_MESSAGES.badId(id), "id");
  const known = await getDraft(id);
  if ("create" in mode && known) return fail(PORTABLE_MESSAGES.taken(id), "id");
  if ("into" in mode && known && (content.id !== id || mode.keepHosts)) {
    // A complex's hosts and 기본 단지 mark are its own: a zip of another complex does not take
    // them over, nor does an editor's zip change them (only an 에이전시 관리자 does:
    // app/sites/hosts.server.ts).
    content.hosts = known.content.hosts;
    if (isDefaultSite(known.content)) content.default = true;
    else delete content.default;
  }
  content.id = id;
  // Hosts as requests carry them (host-name.server.ts), before they are checked.
  if (Array.isArray(content.hosts)) content.hosts = normalizeHosts(content.hosts);
  // A new complex is never the default one (as 새 단지 makes it).
  if ("create" in mode) delete content.default;
  const taken = [
    ...(await hostProblems(id, content.hosts)),
    ...(await defaultProblems(id, content)),
  ];
  if (taken.length) return { ok: false, problems: taken };

  // Each picture readable as one, before anything reads its size (named by its file, not its slot).
  const unreadable = picturesIn(join(dir, "images")).filter((rel) => {
    try {
      imageSize(readFileSync(join(dir, "images", rel)));
      return false;
    } catch {
      return true;
    }
  });
  if (unreadable.length) {
    return {
      ok: false,
      problems: unreadable.map((rel) => ({
        path: "file",
        message: `images/${rel}: ${MEDIA_MESSAGES.type()}`,
      })),
    };
  }

  const problems: SiteProblem[] = [];
  const own = join(root, id);
  const fromDeployment = relative(own, dir) === "";
  let uploaded = 0;
  for (const slot of pictureSlots(content, dir)) {
    const src = slot.resolved.src as string;
    // Before any file is opened: whether one is there is not told (issue 38).
    if (outsideComplex(src, id)) {
      problems.push({ path: `${slot.path}.src`, message: PORTABLE_MESSAGES.pictureOutside });
      continue;
    }
    if (MEDIA_SRC.test(src)) {
      // Drawn from its identity (not an upload): drawn again when published or shown.
      if (!MEDIA_SRC.test(slot.raw.src as string)) continue;
      if (!(await store.has(src)))
        problems.push({
          path: `${slot.path}.src`,
          message: PORTABLE_MESSAGES.noMedia(slot.path, src),
        });
      continue;
    }
    const mine = /^sites\/([a-z0-9-]+)\/(.+)$/.exec(src);
    if (!mine || mine[1] !== id || fromDeployment) continue;
    const rel = mine[2]!;
    // Not in the zip: a picture of the complex's own folder, which the check below answers.
    const inZip = join(dir, "images", ...rel.split("/"));
    if (!statSync(inZip, { throwIfNoEntry: false })?.isFile()) continue;
    const bytes = readFileSync(inZip);
    // A picture this deployment already has, byte for byte: pointed at where it is.
    const folder = deploymentFolders(root, id).find((f) =>
      sameBytes(join(root, f, "images", ...rel.split("/")), bytes),
    );
    if (folder === id) continue;
    if (folder) {
      slot.raw.src = `sites/${folder}/${rel}`;
      continue;
    }
    const named = `media/${rel}`;
    if (MEDIA_SRC.test(named)) {
      const stored = await store.get(named);
      if (stored && stored.bytes.equals(bytes)) {
        slot.raw.src = named;
        continue;
      }
    }
    const alt = typeof slot.raw.alt === "string" && slot.raw.alt.trim() ? slot.raw.alt : rel;
    const result = await processUpload(bytes, { alt, store });
    if (!result.ok) {
      problems.push({ path: `${slot.path}.src`, message: `images/${rel}: ${result.message}` });
      continue;
    }
    if (result.stored) uploaded++;
    slot.raw.src = result.image.src;
    slot.raw.width = result.image.width;
    slot.raw.height = result.image.height;
  }
  if (problems.length) return { ok: false, problems };
  const checked = documentProblems(id, content);
  if (checked.length) return { ok: false, problems: checked };
  const created = await importDocument(id, content, by, now);
  return { ok: true, siteId: id, created, uploaded };
}

/**
 * A zip (its bytes, or its path: an upload on disk) imported as `importSiteFolder` does; a refused
 * zip answers its message.
 */
export async function importSiteZip(
  zip: ZipSource,
  mode: ImportMode,
  by: string,
  options: { store?: MediaStore; root?: string; now?: Date } = {},
): Promise<ImportResult> {
  let dir: string;
  try {
    dir = await unpackZip(zip);
  } catch (error) {
    if (error instanceof PortableError)
      return { ok: false, problems: [{ path: "file", message: error.message }] };
    throw error;
  }
  try {
    return await importSiteFolder(dir, mode, by, options);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The console's import form (`file`: a zip) into `mode`'s complex: its id, or the problems to show
 * beside the field (each with the field's path, when it is one of the document's).
 */
export async function importFromForm(
  form: FormData,
  mode: ImportMode,
  by: string,
): Promise<{ ok: true; siteId: string } | { ok: false; problems: string[] }> {
  const file = fileField(form, "file");
  if (!file) return { ok: false, problems: [PORTABLE_MESSAGES.noFile] };
  if (file.size > SITE_ZIP_MAX_BYTES)
    return { ok: false, problems: [PORTABLE_MESSAGES.tooLarge(file.size)] };
  // The upload's temporary file when it has one (app/http/streamed-form.server.ts): never in memory.
  const zip = uploadedPath(file) ?? Buffer.from(await file.arrayBuffer());
  const result = await importSiteZip(zip, mode, by);
  if (result.ok) return { ok: true, siteId: result.siteId };
  return {
    ok: false,
    problems: result.problems.map((p) =>
      p.path && p.path !== "file" ? `${p.path}: ${p.message}` : p.message,
    ),
  };
}
