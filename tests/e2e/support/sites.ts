import { describe, test } from "vitest";
import type { Site } from "~/content/schema";
import { siteById } from "~/sites/registry.server";

/*
 * The complex under test: E2E_SITE (default anyang), read from its `sites/<id>/site.yaml` as the
 * server reads it. The server a test starts answers it on localhost (DEFAULT_SITE: support/server.ts),
 * so every value a test expects comes from here, not from one complex's texts.
 */

export const siteId = process.env.E2E_SITE || "anyang";

function load(id: string): Site {
  const site = siteById(id);
  if (!site) throw new Error(`E2E_SITE "${id}": sites/${id}/site.yaml 단지가 없습니다`);
  return site;
}

export const content: Site = load(siteId);

/**
 * True for the complex whose reference drawings and sample data some tests were written against
 * (the default sample); such a test is skipped for another complex, saying why in its name.
 */
export const isReferenceSite = siteId === "anyang";

/**
 * A test (or a block) of mechanics that are the same code whatever the complex (a popup's Back, a
 * rate limit, a slider's swipe, a session cookie): run once, in the default sample's project. The
 * second complex's run (vitest.e2e.config.ts) repeats only what reads the complex's own data, and
 * shows these as skipped.
 */
export const testOnce = isReferenceSite ? test : test.skip;
export const describeOnce = isReferenceSite ? describe : describe.skip;

/** The press list and the customer page of the complex's own press segment. */
export const pressPath = `/${content.press.defaultSite}/press`;
export const customerPath = `/${content.press.defaultSite}/customer`;

/** The title of the complex's page at `path` (its h1). */
export function pageTitle(path: string): string {
  const page = content.pages.find((p) => p.path === path);
  if (!page) throw new Error(`${siteId}: no page ${path}`);
  return page.title;
}

/** The menu group holding the item that links to `url`, and that item. */
export function menuEntry(url: string) {
  for (const group of content.menu) {
    const item = group.items.find((i) => i.url === url);
    if (item) return { group, item };
  }
  throw new Error(`${siteId}: no menu item links to ${url}`);
}
