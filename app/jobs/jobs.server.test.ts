import { describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import {
  claimJob,
  completeJob,
  createJobRunner,
  enqueueJob,
  failJob,
  JOB_MAX_ATTEMPTS,
  JOB_MESSAGES,
  JobFailure,
  jobsFor,
  reportProgress,
  takeBackOrphans,
} from "./jobs.server";

/*
 * The jobs table (issue 43, item 2) on both engines: a job is claimed by one of two claimers at
 * once, retried after its back-off a bounded number of times, taken again when its lease passed
 * (its instance died), and a failed one keeps its Korean reason.
 */

const T0 = new Date("2026-04-01T00:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const LEASE = 30;
const notice = (subject = "media/0123456789abcdef.pdf") => ({
  kind: "notice-pages" as const,
  subject,
  siteId: "anyang",
  input: { src: subject, pages: 40 },
  total: 40,
});

describe.each(engines())("jobs ($name)", (engine) => {
  const t = useTestDb(engine);
  const view = async (subject = notice().subject) => (await jobsFor([subject], t.db()))[subject];

  it("two instances claiming at once: one gets the job, the other nothing", async () => {
    await enqueueJob(notice(), { db: t.db(), now: T0 });
    const other = await t.reopen();
    const [a, b] = await Promise.all([
      claimJob(t.db(), { now: at(1), leaseSeconds: LEASE }),
      claimJob(other, { now: at(1), leaseSeconds: LEASE }),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect((a ?? b)!.input).toEqual({ src: notice().subject, pages: 40 });
    expect(await view()).toMatchObject({ status: "running", done: 0, total: 40 });
    // Queued again while it runs: nothing changes, nobody else claims it.
    await enqueueJob(notice(), { db: t.db(), now: at(2) });
    expect(await claimJob(other, { now: at(3), leaseSeconds: LEASE })).toBeNull();
  });

  it("progress is recorded and the job is done; the same file queued again adds nothing", async () => {
    await enqueueJob(notice(), { db: t.db(), now: T0 });
    const job = (await claimJob(t.db(), { now: at(1), leaseSeconds: LEASE }))!;
    expect(
      await reportProgress(
        t.db(),
        job,
        { done: 3, total: 40 },
        { now: at(2), leaseSeconds: LEASE },
      ),
    ).toBe(true);
    expect(await view()).toMatchObject({ status: "running", done: 3, total: 40, error: null });
    await completeJob(t.db(), job, at(3));
    expect(await view()).toMatchObject({ status: "done", done: 40, total: 40 });
    expect(await enqueueJob(notice(), { db: t.db(), now: at(4) })).toMatchObject({
      status: "done",
    });
    expect(await claimJob(t.db(), { now: at(5), leaseSeconds: LEASE })).toBeNull();
    expect(await t.db().all("SELECT id FROM jobs")).toHaveLength(1);
  });

  it("a failed attempt is retried after its back-off, and given up after the last, with a Korean reason", async () => {
    await enqueueJob(notice(), { db: t.db(), now: T0 });
    let now = 0;
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      const job = (await claimJob(t.db(), { now: at(now), leaseSeconds: LEASE }))!;
      expect(job.attempts).toBe(attempt);
      const outcome = await failJob(t.db(), job, new Error("worker crashed"), { now: at(now) });
      if (attempt < JOB_MAX_ATTEMPTS) {
        expect(outcome).toBe("retried");
        expect(await view()).toMatchObject({ status: "pending", error: null });
        // Not before its back-off.
        expect(await claimJob(t.db(), { now: at(now + 1), leaseSeconds: LEASE })).toBeNull();
        now += 200;
      } else expect(outcome).toBe("failed");
    }
    expect(await view()).toMatchObject({
      status: "failed",
      error: JOB_MESSAGES.gaveUp(JOB_MAX_ATTEMPTS),
    });
    expect(JOB_MESSAGES.gaveUp(4)).toMatch(/^변환을 4번 시도했지만/);
    expect(await claimJob(t.db(), { now: at(now + 10_000), leaseSeconds: LEASE })).toBeNull();
    // The same file uploaded again is a new try.
    expect(await enqueueJob(notice(), { db: t.db(), now: at(now + 1) })).toMatchObject({
      status: "pending",
      error: null,
    });
    expect((await claimJob(t.db(), { now: at(now + 2), leaseSeconds: LEASE }))!.attempts).toBe(1);
  });

  it("a failure the file is at fault for fails at once, keeping its reason", async () => {
    await enqueueJob(notice(), { db: t.db(), now: T0 });
    const job = (await claimJob(t.db(), { now: at(1), leaseSeconds: LEASE }))!;
    const reason = "모집공고의 7쪽에 너무 큰 그림이 있습니다";
    expect(await failJob(t.db(), job, new JobFailure(reason), { now: at(2) })).toBe("failed");
    expect(await view()).toMatchObject({ status: "failed", error: reason });
    expect(await claimJob(t.db(), { now: at(1000), leaseSeconds: LEASE })).toBeNull();
  });

  it("a job whose instance died is taken again once its lease passed; the old claim writes nothing", async () => {
    await enqueueJob(notice(), { db: t.db(), now: T0 });
    const dead = (await claimJob(t.db(), { now: at(1), leaseSeconds: LEASE }))!;
    await reportProgress(
      t.db(),
      dead,
      { done: 5, total: 40 },
      { now: at(10), leaseSeconds: LEASE },
    );
    const other = await t.reopen();
    // Within the lease (renewed at 10 s): nobody takes it.
    expect(await claimJob(other, { now: at(39), leaseSeconds: LEASE })).toBeNull();
    const taken = (await claimJob(other, { now: at(41), leaseSeconds: LEASE }))!;
    expect(taken.attempts).toBe(2);
    expect(await view()).toMatchObject({ status: "running", done: 5 });
    // The first instance, back from a pause, has lost it.
    expect(
      await reportProgress(
        t.db(),
        dead,
        { done: 6, total: 40 },
        { now: at(42), leaseSeconds: LEASE },
      ),
    ).toBe(false);
    await completeJob(t.db(), dead, at(43));
    expect(await view()).toMatchObject({ status: "running", done: 5 });
    await completeJob(other, taken, at(44));
    expect(await view()).toMatchObject({ status: "done", done: 40 });
  });

  it("a job left running past its last attempt is failed with its reason, not taken again", async () => {
    await enqueueJob(notice(), { db: t.db(), now: T0 });
    let now = 0;
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      expect(await claimJob(t.db(), { now: at(now), leaseSeconds: LEASE })).not.toBeNull();
      now += LEASE + 1; // each claimer dies
    }
    expect(await claimJob(t.db(), { now: at(now), leaseSeconds: LEASE })).toBeNull();
    expect(await view()).toMatchObject({
      status: "failed",
      error: JOB_MESSAGES.gaveUp(JOB_MAX_ATTEMPTS),
    });
  });

  it("the runner claims the due job and does its work, reporting progress", async () => {
    await enqueueJob(notice(), { db: t.db() });
    const seen: number[] = [];
    const runner = createJobRunner({
      db: t.db(),
      leaseSeconds: LEASE,
      handlers: {
        "notice-pages": async (_job, { progress }) => {
          for (let page = 1; page <= 40; page++) {
            await progress(page, 40);
            seen.push(page);
          }
        },
      },
    });
    expect(await runner.runOnce()).toBe(1);
    expect(seen).toHaveLength(40);
    expect(await view()).toMatchObject({ status: "done", done: 40, total: 40 });
    expect(await runner.runOnce()).toBe(0);
  });

  it("a start takes back the jobs left running with SQLite (one process), not with PostgreSQL", async () => {
    await enqueueJob(notice(), { db: t.db(), now: T0 });
    expect(await claimJob(t.db(), { now: at(1), leaseSeconds: 3600 })).not.toBeNull();
    expect(await takeBackOrphans(t.db(), at(2))).toBe(engine.name === "sqlite" ? 1 : 0);
    const again = await claimJob(t.db(), { now: at(3), leaseSeconds: LEASE });
    expect(again?.attempts ?? null).toBe(engine.name === "sqlite" ? 2 : null);
  });
});
