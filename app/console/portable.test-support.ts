/*
 * Test support for the tests of a complex as a zip (portable.server.ts): a temporary folder with a
 * media store in it for each test, the zips a person or another tool would make, and pictures.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import yazl from "yazl";
import { afterEach, beforeEach } from "vitest";
import { folderStore, type MediaStore } from "~/media/store.server";
import { resetSites } from "~/sites/registry.server";

/** The moment the tests work at. */
export const t0 = new Date("2026-11-28T01:00:00Z");

/**
 * Before each test, a temporary folder (`dir`) with a media store in it (`store`); after it, the
 * folder removed and the complexes read again.
 */
export function setUpTempFolder() {
  const folder = { dir: "", store: undefined as unknown as MediaStore };
  beforeEach(() => {
    folder.dir = mkdtempSync(join(tmpdir(), "bunyang-portable-"));
    folder.store = folderStore(folder.dir);
  });
  afterEach(() => {
    rmSync(folder.dir, { recursive: true, force: true });
    resetSites();
  });
  return folder;
}

/** A zip of `files` (name → bytes), as a person or another tool would make it. */
export async function zipOf(files: Record<string, Buffer | string>) {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(Buffer.from(bytes), name);
  zip.end();
  return buffer(zip.outputStream);
}

/** A 40×30 PNG. */
export const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a6ea5" } })
    .png()
    .toBuffer();

/** A complex's document, as far as the tests read it. */
export type Doc = Record<string, unknown> & {
  home: { hero: { wide: Record<string, unknown> } };
  identity: { name: string; phone: string };
};
