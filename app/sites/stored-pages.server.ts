import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { getDb } from "~/db/db.server";

/*
 * A complex's rendered pages stored in the database (migration 013, issue 29 item 9), so that a
 * start, a new instance or a publish another instance already rendered loads them instead of
 * rendering (server/app.js). What is stored is server/render-site.js's RenderedSite as JSON text,
 * gzip-compressed; the key says what it was rendered from (content with live values, and the build).
 */

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** The renders kept per complex (the newest): a restore or a live value set back finds its pages. */
const KEPT = 4;

export const storedPages = {
  /** The stored render of `key`, as JSON text, or undefined. */
  async get(siteId: string, key: string): Promise<string | undefined> {
    const db = await getDb();
    const row = await db.get<{ pages: Buffer | Uint8Array }>(
      "SELECT pages FROM site_pages WHERE site_id = $1 AND page_key = $2",
      [siteId, key],
    );
    return row ? (await unzip(row.pages)).toString("utf8") : undefined;
  },
  /** Whether a render of `key` is stored (without reading it). */
  async has(siteId: string, key: string): Promise<boolean> {
    const db = await getDb();
    const row = await db.get<{ one: number }>(
      "SELECT 1 AS one FROM site_pages WHERE site_id = $1 AND page_key = $2",
      [siteId, key],
    );
    return row !== undefined;
  },
  /**
   * Stores a render (JSON text) unless one of `key` is there (another instance rendered it first),
   * and forgets the complex's older renders beyond the newest few.
   */
  async put(siteId: string, key: string, json: string, now = new Date()): Promise<void> {
    const db = await getDb();
    const pages = await zip(json);
    await db.run(
      `INSERT INTO site_pages (site_id, page_key, pages, rendered_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (site_id, page_key) DO NOTHING`,
      [siteId, key, pages, now.toISOString()],
    );
    await db.run(
      `DELETE FROM site_pages WHERE site_id = $1 AND page_key NOT IN
         (SELECT page_key FROM site_pages WHERE site_id = $1 ORDER BY rendered_at DESC LIMIT ${KEPT})`,
      [siteId],
    );
  },
  /** A complex deleted in the console: its renders too. */
  async drop(siteId: string): Promise<void> {
    const db = await getDb();
    await db.run("DELETE FROM site_pages WHERE site_id = $1", [siteId]);
  },
};
