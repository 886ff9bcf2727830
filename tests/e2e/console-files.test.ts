import { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { FILE_MESSAGES, type FileKind } from "~/lib/file-upload";
import { ADMIN_ENV, adminFetch, jpeg, poll, signInCookie, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { interceptFileChoosers } from "./support/keyboard";
import { content } from "./support/sites";
import { startServer, type RunningServer } from "./support/server";

/*
 * The console's file slots through the built server (issue 31, "Upload tests"): a panorama that
 * is not 2:1, a notice PDF over 30 MB and a film over 200 MB get their Korean message, from the
 * slot before anything is sent and from the server to a direct POST, and nothing is stored (the
 * media folder and the draft stay as they were); a good file of each kind fills its slot and is
 * there again after 저장 and a reload.
 */

const MB = 1024 * 1024;
let server: RunningServer;
let browser: Browser;
let files: string;

/** A PDF of `pages` pages of text, written out by hand (no PDF library here). */
function tinyPdf(pages: number): Buffer {
  const font = 3 + pages * 2;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${3 + i * 2} 0 R`).join(" ")}] /Count ${pages} >>`,
  ];
  for (let i = 0; i < pages; i++) {
    const text = `BT /F1 28 Tf 72 760 Td (Notice page ${i + 1}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    );
  }
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  let out = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A short film the sample generator made (issue 31 item 5: ffmpeg at generation time only). */
function sampleFilm(): string {
  for (const dir of ["assets", ".artwork"]) {
    if (!existsSync(dir)) continue;
    const found = readdirSync(dir, { recursive: true, encoding: "utf8" }).find((f) =>
      f.endsWith(".mp4"),
    );
    if (found) return join(dir, found);
  }
  throw new Error("no sample MP4 under assets/ or .artwork/ (made by the sample generator)");
}

/** Every file the media store holds (<DATA_DIR>/media). */
const stored = () => {
  const dir = join(server.dataDir, "media");
  return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }).sort() : [];
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(ADMIN_ENV), launchBrowser()]);
  files = mkdtempSync(join(tmpdir(), "console-files-"));
  // Too large, as sparse files: their size is all the slot looks at before sending.
  writeFileSync(join(files, "큰공고.pdf"), "%PDF-1.4\n");
  truncateSync(join(files, "큰공고.pdf"), 31 * MB);
  writeFileSync(join(files, "큰영상.mp4"), "");
  truncateSync(join(files, "큰영상.mp4"), 250 * MB);
  writeFileSync(join(files, "3x2.jpg"), await jpeg(3000, 2000));
  writeFileSync(join(files, "거실.jpg"), await jpeg(2048, 1024));
  writeFileSync(join(files, "공고.pdf"), tinyPdf(2));
  writeFileSync(
    join(files, "자막.vtt"),
    "WEBVTT\n\n00:00.000 --> 00:02.000\n견본주택 안내 영상입니다.\n",
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

const input = (page: Page, name: string) => page.locator(`[id="f-${name}.$file"]`);
const slot = (page: Page, name: string) => page.locator(`[id="f-${name}"]`);
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

/** Chooses a file in a slot by keyboard: focus on its input, Enter opens the picker. */
async function chooseByKeyboard(page: Page, name: string, path: string) {
  await input(page, name).focus();
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await chooser).setFiles(path);
}

test.each(["phone", "desktop"] as const)(
  "at %s width, by keyboard alone, a notice over 30 MB and a film over 200 MB are refused in Korean before sending; nothing is stored",
  async (viewport) => {
    const { context, page, errors } = await openPage(browser, viewport);
    interceptFileChoosers(page);
    try {
      // Leaving a page with its autosave pending asks first.
      page.on("dialog", (dialog) => void dialog.accept());
      await signInVia(page, server, "/admin/content/identity");
      await hydrated(page);
      const before = stored();
      const sent: string[] = [];
      page.on("request", (r) => {
        if (/\/admin\/media\//.test(r.url())) sent.push(r.url());
      });
      // Each slot holds the sample's file; a refused one leaves it there.
      // Each on its section's page (분양안내, 브랜드).
      const cases: [string, FileKind, string, number, string, string][] = [
        [
          "announcement.document",
          "pdf",
          "큰공고.pdf",
          31 * MB,
          content.announcement.document!.src,
          "sales",
        ],
        ["brandVideo.file", "video", "큰영상.mp4", 250 * MB, content.brandVideo.file!.src, "brand"],
      ];
      const open = async (group: string) => {
        await page.goto(`${server.url}/admin/content/${group}`);
        await hydrated(page);
      };
      for (const [name, kind, file, bytes, , group] of cases) {
        await open(group);
        await chooseByKeyboard(page, name, join(files, file));
        const alert = page.locator(`[id="f-${name}.$file-error"]`);
        await poll(() => alert.textContent()).toBe(FILE_MESSAGES.tooLarge(kind, bytes));
        expect(await alert.getAttribute("role")).toBe("alert");
        expect(await focusedId(page)).toBe(`f-${name}.$file`);
      }
      expect(sent).toEqual([]);
      expect(stored()).toEqual(before);
      // The draft as saved still holds the sample's file in each slot.
      for (const [name, , , , kept, group] of cases) {
        await open(group);
        expect(await slot(page, name).textContent()).toContain(
          `현재 파일: ${kept.split("/").pop()}`,
        );
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  },
  120_000,
);

/** A POST of `bytes` bytes (a multipart body's size, all zeros) streamed from here: status and JSON. */
function streamedPost(path: string, cookie: string, bytes: number) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      {
        method: "POST",
        headers: {
          Origin: server.url,
          Cookie: cookie,
          Accept: "application/json",
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": bytes,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    const piece = Buffer.alloc(256 * 1024);
    let sent = 0;
    const more = () => {
      while (sent < bytes) {
        const part = piece.subarray(0, Math.min(piece.length, bytes - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", more);
      }
      req.end();
    };
    more();
  });
}

test("posted directly, a notice over 30 MB, a film over 200 MB and a 3:2 panorama get the server's Korean answer; nothing is stored", async () => {
  const cookie = await signInCookie(server);
  const before = stored();
  const refused = (kind: FileKind) => ({
    ok: false,
    field: "file",
    message: FILE_MESSAGES.tooLarge(kind),
  });
  expect(await streamedPost("/admin/media/pdf", cookie, 31 * MB + 1)).toEqual({
    status: 413,
    body: refused("pdf"),
  });
  // 250 MB, streamed (never held here): read to its end by the server, then answered.
  expect(await streamedPost("/admin/media/video", cookie, 250 * MB)).toEqual({
    status: 413,
    body: refused("video"),
  });
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await jpeg(3000, 2000))], "3x2.jpg"));
  const res = await adminFetch(server, cookie, "/admin/media/panorama", {
    method: "POST",
    body: form,
    headers: { Accept: "application/json" },
  });
  expect({ status: res.status, body: await res.json() }).toEqual({
    status: 400,
    body: { ok: false, field: "file", message: FILE_MESSAGES.notTwoToOne(3000, 2000) },
  });
  expect(stored()).toEqual(before);
}, 120_000);

test("a panorama that is not 2:1 is refused in Korean; a good file of each kind fills its slot and is there after 저장 and a reload", async () => {
  const { context, page, errors } = await openPage(browser, "desktop");
  try {
    // The panorama on VR's page, the notice on 분양안내's, the film on 브랜드's.
    await signInVia(page, server, "/admin/content/vr");
    await hydrated(page);
    // The first VR tab's tour (its entry unfolded; the sample has one, else it is added): its
    // first room's panorama slot.
    const entry = (list: string) =>
      page.locator(`[id="f-${list}"] > .cf-entries > li`).first().locator("details").first();
    await entry("vr.tabs").locator("summary").first().click();
    const add = page.locator('[id="f-vr.tabs.0.tour-present"]');
    if (!content.vr.tabs[0]!.tour) await add.click();
    const rooms = entry("vr.tabs.0.tour.rooms");
    await rooms.waitFor();
    if ((await rooms.getAttribute("open")) === null) await rooms.locator("summary").first().click();
    const room = "vr.tabs.0.tour.rooms.0";
    const panorama = `${room}.panorama`;
    await input(page, panorama).waitFor();
    await page.locator(`[id="f-${room}.key"]`).fill("living");
    await page.locator(`[id="f-${room}.title"]`).fill("거실");

    const before = stored();
    await input(page, panorama).setInputFiles(join(files, "3x2.jpg"));
    await poll(() => page.locator(`[id="f-${panorama}.$file-error"]`).textContent()).toBe(
      FILE_MESSAGES.notTwoToOne(3000, 2000),
    );
    expect(await focusedId(page)).toBe(`f-${panorama}.$file`);
    expect(stored()).toEqual(before);

    const uploads: [string, string, RegExp, string][] = [
      [panorama, join(files, "거실.jpg"), /현재 파일: .+\.jpg \(2048×1024\)/, "vr"],
      ["announcement.document", join(files, "공고.pdf"), /현재 파일: .+\.pdf \(2쪽, /, "sales"],
      ["brandVideo.file", sampleFilm(), /현재 파일: .+\.mp4 \(\d+×\d+\)/, "brand"],
    ];
    const save = async () => {
      await page.getByRole("button", { name: "저장", exact: true }).click();
      await poll(() => page.locator(".cf-actions-note").textContent()).toMatch(/^초안 저장됨 · /);
    };
    for (const [name, path, shows, group] of uploads) {
      if (group !== "vr") {
        await page.goto(`${server.url}/admin/content/${group}`);
        await hydrated(page);
      }
      await input(page, name).setInputFiles(path);
      await poll(() => slot(page, name).textContent()).toMatch(shows);
      if (name === "brandVideo.file") {
        await page
          .locator('[id="f-brandVideo.file.$captions"]')
          .setInputFiles(join(files, "자막.vtt"));
        await poll(() => slot(page, "brandVideo.file").textContent()).toMatch(/현재 자막: .+\.vtt/);
      }
      await save();
    }
    expect(stored().length).toBeGreaterThan(before.length);

    for (const [name, , shows, group] of uploads) {
      await page.goto(`${server.url}/admin/content/${group}`);
      await hydrated(page);
      expect(await slot(page, name).textContent()).toMatch(shows);
    }
    expect(await slot(page, "brandVideo.file").textContent()).toMatch(/현재 자막: .+\.vtt/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);
