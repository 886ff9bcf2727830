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
import {
  createReadStream,
  createWriteStream,
  existsSync,
  readFileSync,
  readdirSync,
  statSync,
} from "node:fs";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { imageSize } from "image-size";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse, stringify } from "yaml";
import yauzl from "yauzl";
import yazl from "yazl";
import { upgradeDocument } from "~/content/identity";
import { fileField } from "~/http/form.server";
import { uploadedPath } from "~/http/streamed-form.server";
import { processUpload } from "~/media/upload.server";
import { mediaStore, type MediaStore } from "~/media/store.server";
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from "~/lib/media-upload";
import { MEDIA_SRC } from "~/lib/images";
import { SITE_ID } from "~/lib/sites";
import type { SiteProblem } from "~/content/validate";
import { documentProblems, getDraft, importDocument } from "./content-store.server";
import { normalizeHosts } from "~/sites/host-name.server";
import { defaultProblems, hostProblems, isDefaultSite } from "~/sites/hosts.server";
import { SITE_FILE, sitesRoot } from "~/sites/folders.server";
import { imageSource, outsideComplex, resolveSiteData } from "~/sites/site-pictures.server";

/** A zip the console or the command takes: the pictures of a large complex, with room. */
export const SITE_ZIP_MAX_BYTES = 100 * 1024 * 1024;
/** What a zip may unpack to, all files together (a zip bomb stops here). */
const UNPACKED_MAX_BYTES = 300 * 1024 * 1024;
const ENTRIES_MAX = 2000;
const YAML_MAX_BYTES = 2 * 1024 * 1024;
const PICTURE = /\.(jpe?g|png|webp|svg)$/i;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;

export const PORTABLE_MESSAGES = {
  noFile: "가져올 zip 파일을 골라 주세요.",
  notZip: "zip 파일이 아닙니다. 내보내기로 받은 <단지 ID>.zip을 올려 주세요.",
  tooLarge: (bytes: number) =>
    `zip 파일이 너무 큽니다 (${mb(bytes)}). ${mb(SITE_ZIP_MAX_BYTES)}까지 올릴 수 있습니다.`,
  unpackedTooLarge: `압축을 풀면 ${mb(UNPACKED_MAX_BYTES)}를 넘습니다. 사진을 줄여 다시 만들어 주세요.`,
  tooManyFiles: `파일이 너무 많습니다 (${ENTRIES_MAX}개까지).`,
  outside: (name: string) => `폴더 밖을 가리키는 경로가 있습니다: ${name}`,
  pictureOutside: "사진 경로가 단지 폴더 밖을 가리킵니다. 사진을 다시 올려 주세요.",
  badName: (name: string) =>
    `파일 이름을 읽을 수 없습니다: ${name} (UTF-8 글자로, 제어 문자 없이 쓴 이름만 넣을 수 있습니다)`,
  duplicate: (name: string) => `같은 이름의 파일이 zip에 두 번 있습니다: ${name}`,
  clash: (name: string) =>
    `파일과 폴더의 이름이 같습니다: ${name} (파일 아래에 다른 파일을 둘 수 없습니다)`,
  notPicture: (name: string) =>
    `사진이 아닌 파일이 있습니다: ${name} (site.yaml과 images/ 아래의 JPEG, PNG, WebP, SVG만 넣을 수 있습니다)`,
  pictureTooLarge: (name: string, bytes: number) =>
    `사진이 너무 큽니다: ${name} (${mb(bytes)}). ${mb(MEDIA_MAX_BYTES)}까지 올릴 수 있습니다.`,
  twoFolders: "zip에 단지 폴더가 둘 이상입니다. 한 단지의 폴더(site.yaml과 images/)만 넣어 주세요.",
  noSiteFile: `${SITE_FILE}이 없습니다. 단지 폴더(site.yaml과 images/)를 zip으로 묶어 주세요.`,
  yaml: (reason: string) => `${SITE_FILE}: YAML 문법 오류입니다: ${reason}`,
  badId: (id: string) =>
    `단지 ID "${id}"는 영문 소문자로 시작하고 영문 소문자, 숫자, -만 쓸 수 있습니다`,
  taken: (id: string) =>
    `이미 있는 단지 ID입니다: ${id}. 그 단지의 게시 화면에서 가져오면 새 초안이 됩니다.`,
  noMedia: (path: string, src: string) => `${path}: 업로드한 사진(${src})이 이 서버에 없습니다`,
};

/** A refusal of the whole file, before anything is stored. */
class PortableError extends Error {}

type Slot = { raw: Record<string, unknown>; resolved: Record<string, unknown>; path: string };

/** Every picture slot of a document with what it resolves to from `dir` (see site-pictures.server.ts). */
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
/* Reading a zip                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** Whether a path in a zip stays inside it. */
const insideFolder = (name: string) =>
  !name.startsWith("/") &&
  !name.includes("\\") &&
  !/^[a-z]:/i.test(name) &&
  !name.split("/").some((part) => part === "..");

/** What the operating system adds to a zip it makes (macOS), skipped rather than refused. */
const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;

const utf8 = new TextDecoder("utf-8", { fatal: true });
/** Control characters (NUL among them) and the ones that turn text around (a name shown reversed). */
const CONTROL = /[\p{Cc}\u202a-\u202e\u2066-\u2069\ufffd]/u;
/** What a file system takes: 255 bytes a part (ext4), and room in the temporary folder's path. */
const PART_MAX_BYTES = 255;
const NAME_MAX_BYTES = 1024;

/** A name as a message shows it: its control characters written out (`\u0000`), never raw. */
const shown = (name: string) =>
  name.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });

/**
 * An entry's name as it is written: its bytes read as UTF-8 whatever the zip's flag says (yauzl
 * reads a name without the flag as CP437, which turns an old tool's CP949 into other letters), a
 * backslash as a folder's slash (as yauzl does). Refused when the bytes are not UTF-8, or the name
 * holds a control character (a NUL ends the path in the file system), an empty or `.` part, or a
 * part longer than a file system takes.
 */
function entryName(entry: yauzl.Entry): string {
  let name: string;
  try {
    name = utf8.decode(entry.fileNameRaw).replace(/\\/g, "/");
  } catch {
    throw new PortableError(PORTABLE_MESSAGES.badName(shown(entry.fileName)));
  }
  const parts = name.replace(/\/$/, "").split("/");
  if (
    CONTROL.test(name) ||
    Buffer.byteLength(name) > NAME_MAX_BYTES ||
    parts.some((p) => p === "" || p === "." || Buffer.byteLength(p) > PART_MAX_BYTES)
  )
    throw new PortableError(PORTABLE_MESSAGES.badName(shown(name)));
  return name;
}

/**
 * Two entries that would be one file (the same name, or one that differs only in case or Unicode
 * form, which a Mac or Windows unpacks into one), or a file whose name another entry uses as a
 * folder (`x.png` and `x.png/y.png`): refused before anything is written.
 */
function checkClashes(names: string[]) {
  const key = (name: string) => name.replace(/\/$/, "").normalize("NFC").toLowerCase();
  const files = new Map<string, string>();
  const folders = new Set<string>();
  for (const name of names) {
    const parts = key(name).split("/");
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join("/"));
    if (name.endsWith("/")) {
      folders.add(key(name));
      continue;
    }
    if (files.has(key(name))) throw new PortableError(PORTABLE_MESSAGES.duplicate(name));
    files.set(key(name), name);
  }
  for (const [k, name] of files)
    if (folders.has(k)) throw new PortableError(PORTABLE_MESSAGES.clash(name));
}

/** A zip's bytes, or the path of a zip on disk (an upload, read a piece at a time). */
type ZipSource = Buffer | string;

function openZip(source: ZipSource): Promise<yauzl.ZipFile> {
  const options = { lazyEntries: true, validateEntrySizes: true, strictFileNames: false };
  return new Promise((resolve, reject) => {
    const opened = (error: Error | null, zip?: yauzl.ZipFile) =>
      error || !zip ? reject(new PortableError(PORTABLE_MESSAGES.notZip)) : resolve(zip);
    if (typeof source === "string") yauzl.open(source, options, opened);
    else yauzl.fromBuffer(source, options, opened);
  });
}

/** An entry's bytes streamed to `target` (a new file). */
function writeEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, target: string): Promise<void> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new PortableError(PORTABLE_MESSAGES.notZip));
      pipeline(stream, createWriteStream(target, { flags: "wx" })).then(resolve, (e: unknown) =>
        reject(stream.errored ? new PortableError(PORTABLE_MESSAGES.notZip) : e),
      );
    }),
  );
}

const sizeOf = async (source: ZipSource) =>
  typeof source === "string" ? (await stat(source)).size : source.length;

/**
 * A zip's complex unpacked into a new temporary folder (the caller removes it): `site.yaml` and
 * `images/…` at its top or in one folder. Refused whole, with a Korean message, when it is not a
 * zip, too large, holds a path outside its folder, a file that is not a picture, or a name that
 * could not be written as it is (not UTF-8, a control character, twice, a file and a folder at
 * once): every name is checked before anything is written, and the folder is removed again when
 * writing fails.
 */
async function unpackZip(source: ZipSource): Promise<string> {
  const size = await sizeOf(source);
  if (size > SITE_ZIP_MAX_BYTES) throw new PortableError(PORTABLE_MESSAGES.tooLarge(size));
  const zip = await openZip(source);
  const entries: yauzl.Entry[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        entries.push(entry);
        if (entries.length > ENTRIES_MAX)
          return reject(new PortableError(PORTABLE_MESSAGES.tooManyFiles));
        zip.readEntry();
      });
      zip.on("end", resolve);
      zip.on("error", (error: Error) => {
        // yauzl checks every name too: `../x`, `/x`, `C:\x`.
        const name = /^(?:invalid relative path|absolute path): (.*)$/.exec(error.message)?.[1];
        reject(
          new PortableError(
            name ? PORTABLE_MESSAGES.outside(shown(name)) : PORTABLE_MESSAGES.notZip,
          ),
        );
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }
  // Each entry by its place in the zip: the second reading below meets them in the same order.
  const names = entries.map(entryName);
  for (const name of names) {
    if (!insideFolder(name)) throw new PortableError(PORTABLE_MESSAGES.outside(name));
  }
  const kept = (name: string) => !IGNORED.test(name);
  checkClashes(names.filter(kept));
  const files = entries
    .map((entry, i) => ({ entry, name: names[i]! }))
    .filter(({ name }) => !name.endsWith("/") && kept(name));
  const siteFiles = files.filter(({ name }) => name.split("/").pop() === SITE_FILE);
  const tops = new Set(siteFiles.map(({ name }) => name.slice(0, -SITE_FILE.length)));
  if (tops.size === 0) throw new PortableError(PORTABLE_MESSAGES.noSiteFile);
  if (tops.size > 1 || [...tops][0]!.split("/").length > 2)
    throw new PortableError(PORTABLE_MESSAGES.twoFolders);
  const top = [...tops][0]!;
  let total = 0;
  for (const { entry: e, name } of files) {
    const inner = name.startsWith(top) ? name.slice(top.length) : null;
    if (inner === SITE_FILE) {
      if (e.uncompressedSize > YAML_MAX_BYTES)
        throw new PortableError(PORTABLE_MESSAGES.unpackedTooLarge);
    } else if (inner === null || !inner.startsWith("images/") || !PICTURE.test(inner)) {
      throw new PortableError(PORTABLE_MESSAGES.notPicture(name));
    } else if (e.uncompressedSize > MEDIA_MAX_BYTES) {
      throw new PortableError(PORTABLE_MESSAGES.pictureTooLarge(name, e.uncompressedSize));
    }
    total += e.uncompressedSize;
    if (total > UNPACKED_MAX_BYTES) throw new PortableError(PORTABLE_MESSAGES.unpackedTooLarge);
  }
  const dir = await mkdtemp(join(tmpdir(), "bunyang-import-"));
  try {
    // The sizes were checked from the directory; yauzl checks each entry's bytes against them.
    const reopened = await openZip(source);
    let index = 0;
    await new Promise<void>((resolve, reject) => {
      reopened.on("entry", (entry: yauzl.Entry) => {
        const name = names[index++];
        if (name === undefined || !entry.fileNameRaw.equals(entries[index - 1]!.fileNameRaw))
          return reject(new PortableError(PORTABLE_MESSAGES.notZip));
        if (name.endsWith("/") || !kept(name)) return reopened.readEntry();
        const target = join(dir, ...name.slice(top.length).split("/"));
        // One chain, its every failure (a write the checks above did not foresee) to `reject`:
        // a rejection left to itself would end the process (Node's default for one unhandled).
        mkdir(dirname(target), { recursive: true })
          .then(() => writeEntry(reopened, entry, target))
          .then(() => reopened.readEntry(), reject);
      });
      reopened.on("end", resolve);
      reopened.on("error", () => reject(new PortableError(PORTABLE_MESSAGES.notZip)));
      reopened.readEntry();
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
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
