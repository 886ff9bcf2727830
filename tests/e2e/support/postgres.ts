import pg from "pg";

/** The PostgreSQL server the data tests may use (trust auth), or undefined: PostgreSQL tests skip. */
export const TEST_PG = process.env.TEST_DATABASE_URL;

/**
 * A throwaway database on the test PostgreSQL server, for tests that start app instances on it
 * (their own database, never the shared one). `drop()` removes it, closing what still uses it.
 */
export async function createThrowawayDatabase(purpose: string) {
  if (!TEST_PG) throw new Error("TEST_DATABASE_URL is not set");
  const name = `quality_${purpose}_${process.pid}_${Date.now() % 1_000_000}`;
  const admin = new pg.Client({ connectionString: TEST_PG });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: TEST_PG });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
