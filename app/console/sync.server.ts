/*
 * The sync: how every instance keeps its pages in step with the database (docs/decisions/031 and
 * 020). At start-up the registry takes every complex of the content store as it is served now
 * (`loadContent`); then once a second (LIVE_POLL_MS), and at once when this instance stored a
 * change (changes.server.ts), `followStore` finds each complex whose version or state moved in the
 * content store (a publish, a scheduled version's time, a complex made, taken down or deleted),
 * whose 운영 정보 moved, or whose notice began or ended, puts it in the registry and has its pages
 * rendered again (server/index.js). Another instance sharing the database follows within the
 * same second, so every instance shows a change within 5 s.
 */
import type { Site } from "~/content/schema";
import { getDb } from "~/db/db.server";
import { periodicTask, type PeriodicTask } from "~/jobs/periodic.server";
import { onStoreChanged } from "./changes.server";
import { getDraft, importNewFolders, siteOfDocument, versionContent } from "./content-store.server";
import { applyLive, readLive, valuesOf } from "~/sites/live.server";
import { noticeShown } from "~/sites/notice.server";
import {
  allSites,
  baseSite,
  dropSite,
  putSite,
  replaceSite,
  resetSites,
  siteById,
  type SiteState,
} from "~/sites/registry.server";
import { sitesRoot } from "~/sites/folders.server";

type StoreRow = { site_id: string; state: "live" | "unpublished"; current: number | string | null };

async function storeRows(now: Date): Promise<StoreRow[]> {
  const db = await getDb();
  return db.all<StoreRow>(
    `SELECT d.site_id, d.state,
       (SELECT MAX(v.version) FROM site_versions v WHERE v.site_id = d.site_id AND v.live_from <= $1) AS current
     FROM site_documents d ORDER BY d.site_id`,
    [now.toISOString()],
  );
}

const stateOf = (row: StoreRow): SiteState =>
  row.current == null ? "draft" : row.state === "unpublished" ? "unpublished" : "live";

/** A complex as the registry serves it now: its current version, or its draft if never published. */
async function servedSite(row: StoreRow): Promise<Site> {
  const content =
    row.current == null
      ? (await getDraft(row.site_id))!.content
      : await versionContent(row.site_id, Number(row.current));
  return siteOfDocument(row.site_id, content);
}

/** Whether a complex's pages are served, as the store has it (instances follow within a second). */
export async function storedState(
  siteId: string,
  now = new Date(),
): Promise<SiteState | undefined> {
  const row = (await storeRows(now)).find((r) => r.site_id === siteId);
  return row && stateOf(row);
}

/**
 * What the server does first (app/entry.server.tsx startServices): new folders imported, then the
 * registry holds every complex of the store as it is served now.
 */
export async function loadStore(now = new Date()) {
  const imported = await importNewFolders(sitesRoot(), now);
  const rows = await storeRows(now);
  const sites: { site: Site; state: SiteState }[] = [];
  for (const row of rows) {
    try {
      sites.push({ site: await servedSite(row), state: stateOf(row) });
    } catch (error) {
      console.error(`[content] 단지 ${row.site_id}를 불러오지 못했습니다:`, error);
    }
  }
  if (sites.length)
    resetSites(
      sites.map((s) => s.site),
      new Map(sites.map((s) => [s.site.id, s.state])),
    );
  return {
    imported,
    keys: new Map(rows.map((r) => [r.site_id, `${stateOf(r)}:${r.current ?? 0}`])),
  };
}

/**
 * Keeps the registry in step with the store and 운영 정보 (followStore below, once a second): a
 * complex published (or whose scheduled version's time came), taken down, created or deleted, and
 * a complex whose live values or notice moved. Answers the ids whose pages must be rendered again
 * (or dropped: `siteState` then throws for a deleted one; see sitesForServer.state).
 */
export function createSiteSync(initial = new Map<string, string>()) {
  const seen = new Map(initial);
  const live = createLiveSync();
  return {
    async sync(now = new Date()): Promise<string[]> {
      const rows = await storeRows(now);
      const moved = new Set<string>();
      for (const row of rows) {
        const key = `${stateOf(row)}:${row.current ?? 0}`;
        if (seen.get(row.site_id) === key) continue;
        try {
          putSite(await servedSite(row), stateOf(row));
          seen.set(row.site_id, key);
          moved.add(row.site_id);
        } catch (error) {
          console.error(`[content] 단지 ${row.site_id}를 불러오지 못했습니다:`, error);
          seen.set(row.site_id, key);
        }
      }
      const stored = new Set(rows.map((r) => r.site_id));
      for (const id of [...seen.keys()]) {
        if (stored.has(id)) continue;
        seen.delete(id);
        dropSite(id);
        moved.add(id);
      }
      for (const id of await live.sync(now.getTime(), moved)) moved.add(id);
      return [...moved];
    },
  };
}

/** Each complex's version: how many changes it has had (a complex without any is absent). */
async function liveVersions(): Promise<Map<string, number>> {
  const db = await getDb();
  const rows = await db.all<{ site_id: string; n: number | string }>(
    "SELECT site_id, COUNT(*) AS n FROM live_changes GROUP BY site_id",
  );
  return new Map(rows.map((r) => [r.site_id, Number(r.n)]));
}

/**
 * What the sync keeps in step (followStore below): each complex's version and whether its notice
 * is shown. `sync()` applies the stored values of every complex whose version moved since the last
 * call (all with changes, the first time) and answers the complexes whose pages must be rendered
 * again: those, and any whose notice appeared or went since its pages were rendered.
 */
export function createLiveSync() {
  const seen = new Map<string, number>();
  const noticeState = new Map<string, boolean>();
  return {
    /** `force`: complexes whose content changed (content-store.server.ts): their values applied again. */
    async sync(now = Date.now(), force: ReadonlySet<string> = new Set()): Promise<string[]> {
      const versions = await liveVersions();
      const changed: string[] = [];
      for (const site of allSites()) {
        const version = versions.get(site.id) ?? 0;
        const moved = (seen.get(site.id) ?? 0) !== version || force.has(site.id);
        if (moved) {
          const settings = await readLive(site.id);
          replaceSite(applyLive(baseSite(site.id), valuesOf(settings)));
          seen.set(site.id, version);
        }
        const shown = noticeShown(siteById(site.id)?.notice, now);
        const noticeMoved = (noticeState.get(site.id) ?? false) !== shown;
        noticeState.set(site.id, shown);
        if (moved || noticeMoved) changed.push(site.id);
      }
      return changed;
    },
  };
}

/** Each complex's key (its state and version) as `loadContent` found it, so the first sync skips it. */
let loaded = new Map<string, string>();

/** The complexes of the content store in the registry (start-up, before any page is read). */
export async function loadContent() {
  const result = await loadStore();
  loaded = result.keys;
  return result;
}

/**
 * server/index.js's loop, through the server build's entry module: `first()` brings the registry
 * and the pages in step before the first visitor (renders compressed as at start-up), then `start()`
 * follows the store every `intervalMs` and at each change this instance stores.
 */
export function followStore(
  rerender: (siteId: string, options?: { quick?: boolean }) => Promise<void>,
  intervalMs: number,
): { first(): Promise<void>; start(): void; stop(): Promise<void> } {
  const sync = createSiteSync(loaded);
  const follow = async (options?: { quick?: boolean }) => {
    for (const id of await sync.sync()) {
      const began = performance.now();
      await rerender(id, options);
      console.log(
        `live: ${id} pages rendered again in ${Math.round(performance.now() - began)} ms`,
      );
    }
  };
  const loop: PeriodicTask = periodicTask({
    intervalMs,
    run: () => follow(),
    failure: "[live] 운영 정보를 반영하지 못했습니다:",
  });
  let unsubscribe = () => {};
  return {
    first: () => follow({ quick: false }),
    start() {
      loop.start({ immediately: false });
      unsubscribe = onStoreChanged(loop.poke);
    },
    async stop() {
      unsubscribe();
      await loop.stop();
    },
  };
}
