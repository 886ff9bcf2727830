import { describe, expect, it, vi } from "vitest";
import { createDb, toSqlite } from "./db.server";
import { engines, useTestDb } from "./test-support";

describe("SQLite placeholders", () => {
  it("turns $1, $2 into ? and repeats reused parameters, leaving quoted text alone", () => {
    expect(toSqlite("SELECT $2, '$1', $1, \"$3\", $2", ["a", "b"])).toEqual({
      sql: "SELECT ?, '$1', ?, \"$3\", ?",
      params: ["b", "a", "b"],
    });
    expect(() => toSqlite("SELECT $3", ["a"])).toThrow("$3");
  });
});

describe.each(engines())("database ($name)", (engine) => {
  const t = useTestDb(engine);

  it("commits a transaction as a whole and rolls it back as a whole", async () => {
    const db = t.db();
    await db.transaction(async (tx) => {
      await tx.run(
        "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
        ["a", "w", 1],
      );
      await tx.run(
        "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
        ["b", "w", 2],
      );
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.run(
          "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
          ["c", "w", 3],
        );
        await tx.run(
          "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
          ["a", "w", 4],
        );
      }),
    ).rejects.toThrow();
    const rows = await db.all<{ key: string; count: number }>(
      "SELECT key, count FROM rate_limits ORDER BY key",
    );
    expect(rows).toEqual([
      { key: "a", count: 1 },
      { key: "b", count: 2 },
    ]);
  });

  it("keeps other requests' queries out of an open transaction", async () => {
    const db = t.db();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const tx = db.transaction(async (q) => {
      await q.run(
        "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', 't', 'w', 1)",
      );
      entered();
      await held;
      throw new Error("rolled back");
    });
    await inside;
    // Another request writes while the transaction is open; it must not become part of it.
    const other = db.run(
      "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', 'other', 'w', 1)",
    );
    release();
    await expect(tx).rejects.toThrow("rolled back");
    await other;
    expect(await db.all("SELECT key FROM rate_limits ORDER BY key")).toEqual([{ key: "other" }]);
  });

  it("returns rows, single rows and changed-row counts the same way on both engines", async () => {
    const db = t.db();
    expect(
      await db.run(
        "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
        ["x", "w", 7],
      ),
    ).toEqual({
      changes: 1,
    });
    expect(await db.get("SELECT key, count FROM rate_limits WHERE key = $1", ["x"])).toEqual({
      key: "x",
      count: 7,
    });
    expect(await db.get("SELECT key FROM rate_limits WHERE key = $1", ["none"])).toBeUndefined();
    expect(await db.get("SELECT COUNT(*) AS n FROM rate_limits")).toEqual({ n: 1 });
    expect(
      (await db.run("UPDATE rate_limits SET count = count + 1 WHERE key = $1", ["x"])).changes,
    ).toBe(1);
    expect((await db.run("DELETE FROM rate_limits WHERE key = $1", ["none"])).changes).toBe(0);
  });

  it("a relaxed write answers like get, and later writes are durable again", async () => {
    const db = t.db();
    await db.run(
      "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
      ["v", "w", 1],
    );
    const counted = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.getRelaxed<{ count: number }>(
          "UPDATE rate_limits SET count = count + 1 WHERE key = $1 RETURNING count",
          ["v"],
        ),
      ),
    );
    expect(counted.map((r) => r!.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 2),
    );
    if (engine.name === "sqlite")
      // 2 = FULL: a lead committed next waits for the disk, as decided.
      expect(await db.get("PRAGMA synchronous")).toEqual({ synchronous: 2 });
  });

  it.runIf(engine.name === "postgres")(
    "runs no parallel workers on any of its connections, in or out of a transaction",
    async () => {
      const db = t.db();
      const setting = "SELECT current_setting('max_parallel_workers_per_gather') AS n";
      // Several at once: each on its own new connection.
      const rows = await Promise.all(
        Array.from({ length: 4 }, () => db.get<{ n: string }>(setting)),
      );
      expect(rows).toEqual(Array(4).fill({ n: "0" }));
      expect(await db.transaction((tx) => tx.get<{ n: string }>(setting))).toEqual({ n: "0" });
    },
  );

  it("warns about slow queries", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const clock = vi.spyOn(performance, "now");
    clock.mockReturnValueOnce(1000).mockReturnValueOnce(1000 + 250);
    try {
      await t.db().get("SELECT 1 AS one");
    } finally {
      clock.mockRestore();
    }
    expect(warn.mock.calls.some((c) => String(c[0]).includes("느린 쿼리 250ms"))).toBe(true);
    warn.mockRestore();
  });
});

describe("createDb", () => {
  it("refuses an unreachable PostgreSQL with an error instead of hanging", async () => {
    await expect(createDb("postgres://nobody@127.0.0.1:1/none")).rejects.toThrow();
  });
});
