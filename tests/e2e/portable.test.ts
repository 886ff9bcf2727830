import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminFetch, ADMIN_ENV, jpeg, poll, signInCookie } from "./support/admin";
import { rawRequest } from "./support/http";
import { startServer, type RunningServer } from "./support/server";

/*
 * Export then import gives the same pages (issue 29, docs/decisions/037): a complex made in the
 * console from a sample, with a picture uploaded as its home hero and published, is downloaded as a
 * zip, uploaded again as its new draft and published: every page of it is byte for byte what it was.
 * A zip that is not one is refused beside the file field, the draft untouched. HTTP only: one
 * server, the forms as a browser without JavaScript posts them.
 */

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer(ADMIN_ENV);
  cookie = await signInCookie(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const post = (path: string, body: FormData | URLSearchParams) =>
  adminFetch(server, cookie, path, { method: "POST", body });

/** Every prerendered page of the complex a visitor on `<id>.localhost` gets, by its sitemap. */
async function pagesOf(id: string): Promise<Map<string, string>> {
  const host = `${id}.localhost:${server.port}`;
  const get = (path: string) => rawRequest(server, { path, headers: { Host: host } });
  const sitemap = await get("/sitemap.xml");
  // The press list is rendered for each visitor (server/rendered-cache.js), not with the version.
  const paths = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!).pathname)
    .filter((path) => !path.endsWith("/press"));
  expect(paths.length).toBeGreaterThan(5);
  const pages = new Map<string, string>();
  for (const path of ["/sitemap.xml", ...paths]) pages.set(path, (await get(path)).body);
  return pages;
}

/**
 * A section's content form's fields as its page has them (a browser without JavaScript posts
 * these), to post back to `/admin/content/<group>`.
 */
async function contentForm(id: string, group: string): Promise<URLSearchParams> {
  const html = await (
    await adminFetch(server, cookie, `/admin/content/${group}?site=${id}`)
  ).text();
  const { window } = new JSDOM(html);
  const form = window.document.querySelector<HTMLInputElement>("input[name='$revision']")?.form;
  expect(form).toBeTruthy();
  const fields = new URLSearchParams();
  for (const [name, value] of new window.FormData(form!)) {
    if (typeof value === "string") fields.append(name, value);
  }
  return fields;
}

/**
 * The pages once the published version has reached all of them: read until two reads in a row are
 * alike (a page rendered for each request, before the instance swaps the version's in, carries a
 * new nonce each time) and every page is `ready`.
 */
async function settledPages(id: string, ready: (html: string) => boolean) {
  let last = new Map<string, string>();
  await poll(async () => {
    const now = await pagesOf(id);
    const same = [...now].every(([path, html]) => last.get(path) === html && ready(html));
    last = now;
    return same;
  }).toBe(true);
  return last;
}

/**
 * Every field of a copy still holding its source's identity marked 그대로 두기, as the content
 * page's 원본 단지 내용 offers them (the check itself: app/routes/admin/console/leftovers.test.tsx).
 */
async function keepLeftovers(id: string) {
  const html = await (
    await adminFetch(server, cookie, `/admin/content/identity?site=${id}`)
  ).text();
  const { window } = new JSDOM(html);
  const boxes = [...window.document.querySelectorAll<HTMLInputElement>("input[name='keep']")];
  const body = new URLSearchParams(boxes.map((b) => ["keep", b.value]));
  body.set("$leftovers", "keep");
  expect((await post(`/admin/content/identity?site=${id}&leftovers`, body)).status).toBe(200);
}

async function publish(id: string) {
  const done = await post(`/admin/sites/${id}`, new URLSearchParams({ intent: "publish" }));
  expect(done.headers.get("location")).toBe(`/admin/sites/${id}?done=published`);
}

describe("a complex as a zip", () => {
  test("a console-made complex with an uploaded picture, exported and imported back, serves the same pages", async () => {
    const made = await post(
      "/admin/sites/new",
      new URLSearchParams({
        name: "동탄 레이크 센트럴",
        id: "dongtan",
        hosts: "",
        copyFrom: "suwon",
      }),
    );
    expect(made.headers.get("location")).toBe("/admin/sites/dongtan/start/color");

    const upload = new FormData();
    upload.set(
      "file",
      new Blob([new Uint8Array(await jpeg(2400, 1500))], { type: "image/jpeg" }),
      "hero.jpg",
    );
    upload.set("alt", "동탄 호수공원과 단지 조감도");
    const uploaded = (await (await post("/admin/media", upload)).json()) as {
      image: { src: string; width: number; height: number };
    };
    const fields = await contentForm("dongtan", "home");
    fields.set("home.hero.wide.src", uploaded.image.src);
    fields.set("home.hero.wide.width", String(uploaded.image.width));
    fields.set("home.hero.wide.height", String(uploaded.image.height));
    fields.set("home.hero.wide.alt", "동탄 호수공원과 단지 조감도");
    expect((await post("/admin/content/home?site=dongtan", fields)).status).toBe(200);
    await keepLeftovers("dongtan");
    await publish("dongtan");
    const hash = uploaded.image.src.slice("media/".length, "media/".length + 16);
    await poll(async () => (await pagesOf("dongtan")).get("/")).toContain(hash);
    const before = await settledPages("dongtan", () => true);
    expect(before.get("/")).toContain(`/media/c/${hash}-`);

    const exported = await adminFetch(server, cookie, "/admin/sites/dongtan/export");
    expect(exported.headers.get("content-type")).toBe("application/zip");
    expect(exported.headers.get("content-disposition")).toContain('filename="dongtan.zip"');
    const zip = new Blob([await exported.arrayBuffer()], { type: "application/zip" });

    // Another name published meanwhile: the pages compared below are the imported version's.
    const changed = await contentForm("dongtan", "identity");
    changed.set("identity.name", "다른 이름");
    expect((await post("/admin/content/identity?site=dongtan", changed)).status).toBe(200);
    await publish("dongtan");
    await poll(async () => (await pagesOf("dongtan")).get("/")).toContain("다른 이름");

    const form = new FormData();
    form.set("intent", "import");
    form.set("file", zip, "dongtan.zip");
    const imported = await post("/admin/sites/dongtan", form);
    expect(imported.headers.get("location")).toBe("/admin/sites/dongtan?done=imported");
    await publish("dongtan");
    const after = await settledPages("dongtan", (html) => !html.includes("다른 이름"));
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [path, html] of before) expect(after.get(path), path).toBe(html);
  });

  test("a file that is not a zip is refused beside the file field, in Korean", async () => {
    const form = new FormData();
    form.set("intent", "import");
    form.set("file", new Blob(["<html>"], { type: "application/zip" }), "dongtan.zip");
    const refused = await post("/admin/sites/dongtan", form);
    expect(refused.status).toBe(400);
    const { window } = new JSDOM(await refused.text());
    const error = window.document.getElementById("import-error");
    expect(error?.textContent).toContain("zip 파일이 아닙니다");
    expect(window.document.getElementById("import-file")?.getAttribute("aria-describedby")).toBe(
      "import-error",
    );
  });
});
