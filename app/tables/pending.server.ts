/*
 * An uploaded file between its requests (광고비 가져오기, 리드 파일 가져오기): the preview and the save
 * are separate requests, possibly on different instances, so the file waits in a table of its own
 * (ad_cost_pending, lead_file_pending: the same columns) until it is saved, given up or 24 hours
 * old. A complex keeps its newest 20 waiting per table.
 */
import { createHash, randomUUID } from "node:crypto";
import { getDb } from "~/db/db.server";

/** How long an uploaded file waits for its save. */
const PENDING_MS = 24 * 60 * 60 * 1000;

/** The most files a complex keeps waiting: an older one is forgotten when another comes. */
const PENDING_PER_COMPLEX = 20;

type PendingTable = "ad_cost_pending" | "lead_file_pending";

type PendingFile = {
  id: string;
  fileName: string;
  sha256: string;
  bytes: Uint8Array;
  createdBy: string;
  createdAt: string;
};

/** The longest file name kept, in characters. */
const NAME_MAX = 200;

/**
 * A file name as the browser sent it, fit to be shown and written into an SMS: control characters
 * and line breaks go, runs of spaces become one, at most NAME_MAX characters (never half of one);
 * "이름 없는 파일" when nothing is left.
 */
export function shownFileName(name: string): string {
  const clean = name
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return [...clean].slice(0, NAME_MAX).join("").trim() || "이름 없는 파일";
}

/** The waiting files of one table: keep, read, drop, purge. */
export function pendingUploads(table: PendingTable) {
  return {
    /** Keeps an uploaded file of the complex until it is saved (its newest 20 wait): its id. */
    async keep(input: {
      siteId: string;
      fileName: string;
      bytes: Uint8Array;
      by: string;
    }): Promise<string> {
      const id = randomUUID();
      const sha256 = createHash("sha256").update(input.bytes).digest("hex");
      const db = await getDb();
      await db.run(
        `INSERT INTO ${table} (id, site_id, file_name, sha256, bytes, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          input.siteId,
          shownFileName(input.fileName),
          sha256,
          Buffer.from(input.bytes),
          input.by,
          new Date().toISOString(),
        ],
      );
      await db.run(
        `DELETE FROM ${table} WHERE site_id = $1 AND id NOT IN
           (SELECT id FROM ${table} WHERE site_id = $1 ORDER BY created_at DESC, id LIMIT $2)`,
        [input.siteId, PENDING_PER_COMPLEX],
      );
      return id;
    },

    /** A file of the complex still waiting (less than 24 hours old), or undefined. */
    async get(
      siteId: string,
      id: string,
      now: Date = new Date(),
    ): Promise<PendingFile | undefined> {
      const db = await getDb();
      const row = await db.get<{
        id: string;
        file_name: string;
        sha256: string;
        bytes: Uint8Array;
        created_by: string;
        created_at: string;
      }>(
        `SELECT id, file_name, sha256, bytes, created_by, created_at FROM ${table}
         WHERE site_id = $1 AND id = $2 AND created_at > $3`,
        [siteId, id, new Date(now.getTime() - PENDING_MS).toISOString()],
      );
      if (!row) return undefined;
      return {
        id: row.id,
        fileName: row.file_name,
        sha256: row.sha256,
        bytes: new Uint8Array(row.bytes),
        createdBy: row.created_by,
        createdAt: row.created_at,
      };
    },

    /** Forgets a waiting file of the complex (saved or given up). */
    async drop(siteId: string, id: string): Promise<void> {
      const db = await getDb();
      await db.run(`DELETE FROM ${table} WHERE site_id = $1 AND id = $2`, [siteId, id]);
    },

    /** Forgets every file that waited 24 hours (the retention job): how many. */
    async purge(now: Date = new Date()): Promise<number> {
      const db = await getDb();
      const { changes } = await db.run(`DELETE FROM ${table} WHERE created_at <= $1`, [
        new Date(now.getTime() - PENDING_MS).toISOString(),
      ]);
      return changes;
    },
  };
}
