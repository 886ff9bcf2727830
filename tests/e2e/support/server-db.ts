import { join } from "node:path";
import { createDb, type Db } from "~/db/db.server";
import type { RunningServer } from "./server";

/**
 * The server's own database (its SQLite file or PostgreSQL schema) for `fn`, through the app's
 * database module: for a test that sets up what the pages do not make yet, or reads what the server
 * did in the background.
 */
export async function withServerDb<T>(
  server: RunningServer,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  const db = await createDb(server.env.DATABASE_URL || join(server.dataDir, "site.db"));
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
