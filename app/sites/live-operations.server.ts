import { onStoreChanged } from "./changes.server";
import { createSiteSync, loadStore } from "./content-store.server";

/** Each complex's key (its state and version) as `loadContent` found it, so the first sync skips it. */
let loaded = new Map<string, string>();

/** The complexes of the content store in the registry (start-up, before any page is read). */
export async function loadContent() {
  const result = await loadStore();
  loaded = result.keys;
  return result;
}

/**
 * What server/index.js needs to follow the content store and 운영 정보, through the server build's
 * entry module: a sync answering the complexes whose pages must be rendered again, and a call for
 * each change this instance stored (changes.server.ts), so that it syncs at once.
 */
export const liveOperations = {
  createSync: () => createSiteSync(loaded),
  onChange: onStoreChanged,
};
