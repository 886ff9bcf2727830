import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { FILE_MESSAGES } from "~/lib/file-upload";
import { MEDIA_MESSAGES } from "~/lib/media-upload";
import { fileAnswer } from "./file-route.server";
import {
  oneAtATime,
  pictureWork,
  PICTURES_WAITING,
  QUEUE_RETRY_SECONDS,
  QueueFull,
} from "./one-at-a-time.server";
import { drawPdf, PDFS_WAITING } from "./pdf.server";
import { processPanorama } from "./panorama.server";
import { folderStore } from "./store.server";
import { processUpload } from "./upload.server";

/*
 * The queues of costly upload work are bounded and drop what nobody waits for (issue 38, item 5):
 * the upload bound frees an upload's slot when its connection closes, so an editor who sent costly
 * uploads and aborted them piled up queued jobs, each holding its bytes.
 */

/** A job that runs until `end()` is called. */
function blocker() {
  let end = () => {};
  const ended = new Promise<void>((resolve) => (end = resolve));
  return { job: () => ended, end };
}

const dir = mkdtempSync(join(tmpdir(), "bunyang-queue-"));
const store = folderStore(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a queue of costly work", () => {
  it("holds at most `most` jobs waiting; one more is refused at once, and may come again once one has run", async () => {
    const work = oneAtATime(2);
    const running = blocker();
    const ran: number[] = [];
    const first = work(running.job);
    const waiting = [1, 2].map((n) => work(async () => void ran.push(n)));
    await expect(work(async () => void ran.push(3))).rejects.toBeInstanceOf(QueueFull);
    running.end();
    await first;
    await Promise.all(waiting);
    expect(ran).toEqual([1, 2]);
    await work(async () => void ran.push(4));
    expect(ran).toEqual([1, 2, 4]);
  });

  it("drops a waiting job whose request was aborted, at once: it never runs and its place is free", async () => {
    const work = oneAtATime(1);
    const running = blocker();
    const ran: string[] = [];
    const first = work(running.job);
    const aborted = new AbortController();
    const gone = work(async () => void ran.push("aborted"), aborted.signal);
    // The queue is full until the aborted one leaves it.
    await expect(work(async () => void ran.push("refused"))).rejects.toBeInstanceOf(QueueFull);
    aborted.abort();
    await expect(gone).rejects.toThrow(/abort/i);
    const next = work(async () => void ran.push("next"));
    running.end();
    await Promise.all([first, next]);
    expect(ran).toEqual(["next"]);
    // A request already aborted never joins.
    await expect(work(async () => void ran.push("late"), AbortSignal.abort())).rejects.toThrow(
      /abort/i,
    );
    expect(ran).toEqual(["next"]);
  });
});

describe("an upload while too many wait", () => {
  it("a picture, a panorama and a notice PDF are answered 503 in Korean, with Retry-After, nothing stored", async () => {
    const png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: "#336699" },
    })
      .png()
      .toBuffer();

    const running = blocker();
    const held = [pictureWork(running.job)];
    for (let n = 0; n < PICTURES_WAITING; n++) held.push(pictureWork(async () => undefined));
    expect(await processUpload(png, { alt: "단지 정문", store })).toEqual({
      ok: false,
      status: 503,
      field: "file",
      message: MEDIA_MESSAGES.busy,
    });
    expect(await processPanorama(png, { store })).toEqual({
      ok: false,
      status: 503,
      field: "file",
      message: FILE_MESSAGES.busy("panorama"),
    });
    expect(readdirSync(dir)).toEqual([]);
    running.end();
    await Promise.all(held);

    // Three notices at once: one drawn, PDFS_WAITING wait; the next is answered 503 at once.
    const notice = Buffer.from("%PDF-1.7\nnot really");
    const drawing = Array.from({ length: 1 + PDFS_WAITING }, () => drawPdf(notice));
    expect(await drawPdf(notice)).toEqual({
      ok: false,
      status: 503,
      field: "file",
      message: FILE_MESSAGES.busy("pdf"),
    });
    await Promise.all(drawing);

    const answer = fileAnswer(
      { ok: false, field: "file", message: FILE_MESSAGES.busy("pdf") },
      503,
    );
    expect(answer.headers.get("retry-after")).toBe(String(QUEUE_RETRY_SECONDS));
    expect(FILE_MESSAGES.busy("pdf")).toBe(
      "지금 처리 중인 모집공고 파일이 많습니다. 30초쯤 뒤에 다시 올려 주세요.",
    );
  }, 60_000);

  it("a picture whose upload was aborted while it waited is never made", async () => {
    const png = await sharp({
      create: { width: 30, height: 30, channels: 3, background: "#996633" },
    })
      .png()
      .toBuffer();
    const running = blocker();
    const first = pictureWork(running.job);
    const aborted = new AbortController();
    const upload = processUpload(png, { alt: "견본주택", store, signal: aborted.signal });
    // It waits behind the running job, then its request goes away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    aborted.abort();
    expect(await upload).toMatchObject({ ok: false, status: 400 });
    running.end();
    await first;
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a notice PDF whose upload was aborted while it waited is never drawn", async () => {
    const notice = Buffer.from("%PDF-1.7\nnot really");
    const first = drawPdf(notice);
    const aborted = new AbortController();
    const second = drawPdf(notice, aborted.signal);
    aborted.abort();
    // Dropped from the queue (drawn, it would be refused as broken).
    expect(await second).toEqual({
      ok: false,
      status: 400,
      field: "file",
      message: FILE_MESSAGES.unreadable,
    });
    expect(await first).toMatchObject({ message: FILE_MESSAGES.broken("pdf") });
  }, 60_000);
});
