import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/*
 * Where this deployment's complexes are on disk: one folder each under `sites/` (SITES_DIR), its
 * content in `site.yaml` and its own pictures in `images/`; beside them the drawings the build
 * makes and the shared artwork. The registry (registry.server.ts) reads them, and
 * site-pictures.server.ts finds a picture's file in them.
 */

export const SITE_FILE = "site.yaml";

export function sitesRoot(): string {
  return resolve(process.env.SITES_DIR || "sites");
}

/** Shared artwork; a complex's own pictures are in `sites/<id>/images/`. */
export const SHARED_IMAGES = "assets/images";
/**
 * Drawings the build makes from a complex's data (scripts/build-images.ts): `<dir>/<id>/<slot>`,
 * served under `/img/art/<id>/`. Build output, not source.
 */
export function generatedImagesRoot(): string {
  return resolve(process.env.ARTWORK_DIR || ".artwork");
}

/** Whether `id` is a complex of this deployment's folders (`sites/<id>/site.yaml`). */
export const isComplexFolder = (id: string) => existsSync(join(sitesRoot(), id, SITE_FILE));
