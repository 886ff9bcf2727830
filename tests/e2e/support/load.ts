import Database from "better-sqlite3";
import { join } from "node:path";
import pg from "pg";
import { expect } from "vitest";
import { RESULT_MESSAGES } from "~/leads/lead-form";
import { FORM_HEADERS, leadForm } from "./http";
import type { RunningServer } from "./server";

/* What the load, exactness and fault tests share: lead posts, outbox rows read from the database. */

/** A staff phone that gets an alert SMS for every new lead. */
export const STAFF_PHONE = "010-9000-0001";

/** Posts one visit registration as a browser without JavaScript does; answers the HTTP status. */
export async function postLead(server: RunningServer, phone: string, extra = {}) {
  const res = await fetch(`${server.url}/register`, {
    method: "POST",
    headers: FORM_HEADERS,
    body: leadForm({ phone, ...extra }),
  });
  const html = await res.text();
  return { status: res.status, acknowledged: html.includes(RESULT_MESSAGES.popup.success) };
}

export type OutboxRow = {
  kind: string;
  purpose: string | null;
  recipient: string | null;
  status: string;
  payload: string;
  lead_id: string | null;
};

/** Every outbox row, read straight from the server's database (SQLite file or PostgreSQL). */
export async function outboxRows(server: RunningServer): Promise<OutboxRow[]> {
  const sql = "SELECT kind, purpose, recipient, status, payload, lead_id FROM outbox";
  const url = server.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<OutboxRow>(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(server.dataDir, "site.db"), { readonly: true });
  try {
    return db.prepare(sql).all() as OutboxRow[];
  } finally {
    db.close();
  }
}

/** Asserts each phone's lead has its rows: a confirmation SMS, a staff alert and a webhook. */
export function expectOutboxFor(rows: OutboxRow[], phones: string[]) {
  const confirmations = rows.filter((r) => r.purpose === "confirmation").map((r) => r.recipient);
  expect(confirmations.sort()).toEqual([...phones].sort());
  expect(rows.filter((r) => r.purpose === "staff" && r.recipient === STAFF_PHONE)).toHaveLength(
    phones.length,
  );
  const hooks = rows
    .filter((r) => r.kind === "webhook")
    .map((r) => (JSON.parse(r.payload) as { phone: string }).phone);
  expect(hooks.sort()).toEqual([...phones].sort());
  expect(rows).toHaveLength(phones.length * 3);
}

/** expect.poll for work done under load (a busy CI machine): up to 90 s. */
export const pollUnderLoad = <T>(fn: () => T | Promise<T>) =>
  expect.poll(fn, { timeout: 90_000, interval: 200 });

/** Time for a test that puts the server under load. */
export const LOAD_TEST_TIMEOUT = 240_000;
