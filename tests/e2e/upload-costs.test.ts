import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ADMIN, ADMIN_ENV, adminFetch, signInCookie } from "./support/admin";
import { startServer, type RunningServer } from "./support/server";

/*
 * Small uploads that cost minutes of CPU and gigabytes of memory (issue 38, item 5), against the
 * built server: the answer's time, and the growth of the server's memory (VmRSS, sampled every
 * 50 ms while the request runs). Before the fix, a 326-byte PDF whose page is 1×100 pt took 34 s
 * and 4.25 GB before its 400; two 7000×5500 PNGs at once took 62 s and 3.8 GB, and a sign-in
 * meanwhile 55 s.
 */

let server: RunningServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer(ADMIN_ENV);
  cookie = await signInCookie(server);
}, 90_000);
afterAll(() => server?.stop());

const MB = 1024 * 1024;
const rss = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))![1]) * 1024;

/** The server's largest memory growth while `work` runs, and how long it took. */
async function measured<T>(work: () => Promise<T>) {
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
  const started = Date.now();
  try {
    const result = await work();
    return { result, ms: Date.now() - started, growth: Math.max(peak, rss()) - before };
  } finally {
    clearInterval(sampler);
  }
}

const upload = (path: string, fields: Record<string, Blob | string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return adminFetch(server, cookie, path, { method: "POST", body: form }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as { ok: boolean; message?: string },
  }));
};

test("a tiny PDF whose page is 1×100 pt is refused in Korean within 10 s, the server growing ≤ 400 MB", async () => {
  const doc = await PDFDocument.create();
  doc.addPage([1, 100]);
  const bytes = await doc.save({ useObjectStreams: false });
  expect(bytes.length).toBeLessThan(1024);
  const { result, ms, growth } = await measured(() =>
    upload("/admin/media/pdf", {
      file: new File([new Uint8Array(bytes)], "모집공고.pdf", { type: "application/pdf" }),
    }),
  );
  expect(result.status).toBe(400);
  expect(result.body.message).toContain("모집공고의 1쪽은 크기(1×100pt)가 보통 문서와 달라");
  expect(ms).toBeLessThan(10_000);
  expect(growth).toBeLessThanOrEqual(400 * MB);
}, 60_000);

test("two 7000×5500 PNGs at once are answered within seconds, and a sign-in meanwhile in under 3 s", async () => {
  const pngs = await Promise.all(
    ["#88aacc", "#cc8866"].map((background) =>
      sharp({ create: { width: 7000, height: 5500, channels: 3, background } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    ),
  );
  const { result, ms, growth } = await measured(async () => {
    const uploads = pngs.map((png, i) =>
      upload("/admin/media", {
        file: new File([new Uint8Array(png)], `큰사진${i}.png`, { type: "image/png" }),
        alt: "단지 전경",
      }),
    );
    // The sign-in starts once both uploads are in the server's hands.
    await new Promise((r) => setTimeout(r, 300));
    const signInStarted = Date.now();
    const signIn = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
    });
    const signInMs = Date.now() - signInStarted;
    return { answers: await Promise.all(uploads), signIn: signIn.status, signInMs };
  });
  expect(result.signIn).toBe(302);
  expect(result.signInMs).toBeLessThan(3_000);
  for (const answer of result.answers) {
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(
      "사진은 34메가픽셀(3,400만 화소) 이하만 올릴 수 있습니다",
    );
  }
  expect(ms).toBeLessThan(5_000);
  expect(growth).toBeLessThanOrEqual(200 * MB);
}, 60_000);
