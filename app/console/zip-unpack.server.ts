import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { MEDIA_MAX_BYTES } from "~/lib/media-upload";
import { SITE_FILE } from "~/sites/folders.server";
import {
  ENTRIES_MAX,
  PICTURE,
  PORTABLE_MESSAGES,
  SITE_ZIP_MAX_BYTES,
  UNPACKED_MAX_BYTES,
  YAML_MAX_BYTES,
} from "./portable-messages.server";

/*
 * A complex's zip taken apart for its import (portable.server.ts), every name and size checked
 * before anything is written: a zip from anyone must never write outside its temporary folder, fill
 * the disk or end the server (docs/security.md).
 */

/** A refusal of the whole file, before anything is stored. */
export class PortableError extends Error {}

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
export type ZipSource = Buffer | string;

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
export async function unpackZip(source: ZipSource): Promise<string> {
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
