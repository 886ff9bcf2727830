import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { loadSite } from "~/sites/registry.server";
import type { PressInput } from "~/press/press-form";
import { rssXml, sitemapXml } from "./feed.server";
import { photoFile, renderPhoto } from "./photos.server";
import {
  createPost,
  decodeCursor,
  deletePost,
  getPost,
  getPublished,
  listAllPosts,
  listPublished,
  recordView,
  updatePost,
} from "./posts.server";

const SITE = "anyang";
const COMPLEX = loadSite("sites/anyang");
/** The complex the posts belong to. */
const ANYANG = "anyang";
const URL = "https://example.test";
const T0 = new Date("2026-03-02T01:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const input = (title: string, more: Partial<PressInput> = {}): PressInput => ({
  title,
  summary: `${title} 요약`,
  body: "",
  sourceName: "",
  sourceUrl: "",
  pressDate: "2026-03-02",
  publish: "now",
  publishAt: null,
  ...more,
});

async function jpeg(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();
}

describe.each(engines())("press posts ($name)", (engine) => {
  const t = useTestDb(engine);

  it("pages 10 at a time, newest first, ties broken by id, never skipping or repeating a post", async () => {
    const ids: string[] = [];
    // 25 posts; 15 of them share one time, so pages end inside that group and the cursor must
    // use the id to go on.
    for (let i = 0; i < 25; i++) {
      const when = i >= 3 && i < 18 ? at(5) : at(i);
      ids.push(await createPost(ANYANG, SITE, input(`기사 ${i}`), { now: when }));
    }
    const seen: string[] = [];
    let after = null;
    const sizes: number[] = [];
    const firstNos: number[] = [];
    for (;;) {
      const page = await listPublished(ANYANG, SITE, { after, now: at(100) });
      sizes.push(page.posts.length);
      firstNos.push(page.total - page.before);
      seen.push(...page.posts.map((p) => p.id));
      if (!page.next) break;
      after = decodeCursor(page.next);
    }
    expect(sizes).toEqual([10, 10, 5]);
    expect(firstNos).toEqual([25, 15, 5]);
    expect(new Set(seen).size).toBe(25);
    expect(seen.sort()).toEqual([...ids].sort());
    const all = (await listPublished(ANYANG, SITE, { limit: 100, now: at(100) })).posts;
    // Newest first: published_at descending, then id descending.
    const keys = all.map((p) => `${p.publishedAt}|${p.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it("hides the load-more cursor when exactly the last page is shown", async () => {
    for (let i = 0; i < 10; i++) await createPost(ANYANG, SITE, input(`기사 ${i}`), { now: at(i) });
    expect((await listPublished(ANYANG, SITE, { now: at(60) })).next).toBeNull();
    await createPost(ANYANG, SITE, input("열한 번째"), { now: at(20) });
    const first = await listPublished(ANYANG, SITE, { now: at(60) });
    expect(first.posts[0]!.title).toBe("열한 번째");
    const second = await listPublished(ANYANG, SITE, {
      after: decodeCursor(first.next),
      now: at(60),
    });
    expect(second.posts.map((p) => p.title)).toEqual(["기사 0"]);
    expect(second.next).toBeNull();
  });

  it("treats a forged cursor as the first page instead of failing", async () => {
    expect(decodeCursor("1' OR 1=1 --")).toBeNull();
    expect(decodeCursor("99999999999999999999-abcdefabcdef")).toBeNull();
    expect(decodeCursor("")).toBeNull();
    await createPost(ANYANG, SITE, input("하나"), { now: T0 });
    const page = await listPublished(ANYANG, SITE, {
      after: decodeCursor("1-zzzzzzzzzzzz"),
      now: at(1),
    });
    expect(page.posts).toEqual([]);
  });

  it("keeps a post scheduled one minute ahead out of the list, the feed and the sitemap until its time", async () => {
    await createPost(ANYANG, SITE, input("지금 글"), { now: T0 });
    const scheduled = await createPost(
      ANYANG,
      SITE,
      input("예약 글", { publish: "schedule", publishAt: at(1).toISOString() }),
      { now: T0 },
    );
    const draft = await createPost(ANYANG, SITE, input("임시 글", { publish: "draft" }), {
      now: T0,
    });

    const before = at(0.5);
    expect((await listPublished(ANYANG, SITE, { now: before })).posts.map((p) => p.title)).toEqual([
      "지금 글",
    ]);
    expect(await rssXml(COMPLEX, SITE, URL, before)).not.toContain("예약 글");
    expect(await sitemapXml(COMPLEX, URL, before)).not.toContain(scheduled);
    expect(await getPublished(ANYANG, SITE, scheduled, before)).toBeUndefined();
    expect(await recordView(ANYANG, SITE, scheduled, before)).toBeUndefined();
    expect((await getPost(ANYANG, scheduled, before))!.state).toBe("scheduled");

    const after = at(1);
    expect((await listPublished(ANYANG, SITE, { now: after })).posts.map((p) => p.title)).toEqual([
      "예약 글",
      "지금 글",
    ]);
    expect(await rssXml(COMPLEX, SITE, URL, after)).toContain("<title>예약 글</title>");
    expect(await sitemapXml(COMPLEX, URL, after)).toContain(`${URL}/anyang/press/${scheduled}`);
    expect((await getPost(ANYANG, scheduled, after))!.state).toBe("published");

    // The draft stays the administrator's at any time.
    const later = at(60 * 24 * 365);
    expect((await listPublished(ANYANG, SITE, { now: later })).posts).toHaveLength(2);
    expect(await sitemapXml(COMPLEX, URL, later)).not.toContain(draft);
    expect((await getPost(ANYANG, draft, later))!.state).toBe("draft");
    expect(
      (await listAllPosts(ANYANG, { now: before })).posts.map((p) => [p.title, p.state]),
    ).toEqual(
      expect.arrayContaining([
        ["예약 글", "scheduled"],
        ["임시 글", "draft"],
        ["지금 글", "published"],
      ]),
    );
  });

  it("pages the administrator's list and shows the last page for a forged page number", async () => {
    for (const n of [1, 2, 3]) await createPost(ANYANG, SITE, input(`글 ${n}`), { now: at(n) });
    const first = await listAllPosts(ANYANG, { limit: 2 });
    expect(first).toMatchObject({ page: 1, pages: 2, total: 3 });
    expect(first.posts.map((p) => p.title)).toEqual(["글 3", "글 2"]);
    for (const forged of [2, 99, 1e300, Number.MAX_VALUE, Infinity]) {
      const last = await listAllPosts(ANYANG, { limit: 2, page: forged });
      expect(last.page).toBe(2);
      expect(last.posts.map((p) => p.title)).toEqual(["글 1"]);
    }
    for (const nonsense of [0, -5, NaN])
      expect((await listAllPosts(ANYANG, { limit: 2, page: nonsense })).page).toBe(1);
  });

  it("counts 200 concurrent views exactly, and never a view of a post visitors cannot see", async () => {
    const id = await createPost(ANYANG, SITE, input("많이 본 글"), { now: T0 });
    // 200 requests queue for a few connections: the slow-query warnings are expected here.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const results = await Promise.all(
      Array.from({ length: 200 }, () => recordView(ANYANG, SITE, id, at(1))),
    );
    expect((await getPost(ANYANG, id))!.views).toBe(200);
    // Every view saw its own count: 1 to 200, once each.
    expect(results.map((r) => r!.views).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    expect(await recordView(ANYANG, "other-site", id, at(1))).toBeUndefined();
    expect(await recordView(ANYANG, SITE, "nonexistent00", at(1))).toBeUndefined();
    expect((await getPost(ANYANG, id))!.views).toBe(200);
    vi.mocked(console.warn).mockRestore();
  });

  it("stores a photo's renderings as bytes in the database and gets them back unchanged", async () => {
    const rendered = await renderPhoto(await jpeg(1000, 600));
    if (!rendered.ok) throw new Error(rendered.message);
    const id = await createPost(ANYANG, SITE, input("사진 글"), { photo: rendered.photo, now: T0 });
    const post = await getPost(ANYANG, id);
    expect(post!.photo).toEqual({ id: rendered.photo.id, width: 1000, height: 600 });
    for (const f of rendered.photo.files) {
      const stored = await photoFile(t.db(), rendered.photo.id, f.format, f.width);
      expect(stored && Buffer.compare(stored, f.bytes)).toBe(0);
    }
    const xml = await rssXml(COMPLEX, SITE, URL, at(1));
    const jpg1000 = rendered.photo.files.find((f) => f.format === "jpg" && f.width === 1000)!;
    expect(xml).toContain(
      `<enclosure url="${URL}/media/press/${rendered.photo.id}-1000.jpg" length="${jpg1000.bytes.length}" type="image/jpeg"/>`,
    );
  });

  it("edits a post (keeping its publication time), replaces or removes its photo and deletes it with its photo", async () => {
    const first = await renderPhoto(await jpeg(800, 400));
    const second = await renderPhoto(await jpeg(640, 640));
    if (!first.ok || !second.ok) throw new Error("render");
    const id = await createPost(ANYANG, SITE, input("원래 제목"), { photo: first.photo, now: T0 });
    const other = await createPost(ANYANG, SITE, input("같은 사진"), {
      photo: first.photo,
      now: T0,
    });

    expect(
      await updatePost(ANYANG, id, input("고친 제목", { body: "본문" }), {
        photo: { kind: "replace", photo: second.photo },
        now: at(10),
      }),
    ).toBe(true);
    const edited = await getPost(ANYANG, id);
    expect(edited).toMatchObject({
      title: "고친 제목",
      body: "본문",
      publishedAt: T0.toISOString(),
    });
    expect(edited!.photo!.id).toBe(second.photo.id);
    // The first photo is still used by the other post.
    expect(await photoFile(t.db(), first.photo.id, "jpg", 800)).toBeDefined();

    await deletePost(ANYANG, other);
    expect(await photoFile(t.db(), first.photo.id, "jpg", 800)).toBeUndefined();

    await updatePost(ANYANG, id, input("고친 제목"), { photo: { kind: "remove" }, now: at(11) });
    expect((await getPost(ANYANG, id))!.photo).toBeNull();
    expect(await photoFile(t.db(), second.photo.id, "jpg", 640)).toBeUndefined();

    expect(await deletePost(ANYANG, id)).toBe(true);
    expect(await getPost(ANYANG, id)).toBeUndefined();
    expect(await deletePost(ANYANG, id)).toBe(false);
    expect(await updatePost(ANYANG, id, input("없음"))).toBe(false);
  });

  it("publishes a draft at the time it is published, not when it was written", async () => {
    const id = await createPost(ANYANG, SITE, input("초안", { publish: "draft" }), { now: T0 });
    expect((await getPost(ANYANG, id))!.publishedAt).toBeNull();
    await updatePost(ANYANG, id, input("초안"), { now: at(30) });
    expect((await getPost(ANYANG, id))!.publishedAt).toBe(at(30).toISOString());
  });
  it("shows each complex only its own posts: list, detail, view count, feed, sitemap and the administrator's list and edits", async () => {
    // Two complexes may use the same press address on their own host names.
    const mine = await createPost(ANYANG, SITE, input("안양 소식"), { now: T0 });
    const theirs = await createPost("bundang", SITE, input("분당 소식"), { now: T0 });
    const now = at(1);

    const titles = async (siteId: string) =>
      (await listPublished(siteId, SITE, { now })).posts.map((p) => p.title);
    expect(await titles(ANYANG)).toEqual(["안양 소식"]);
    expect(await titles("bundang")).toEqual(["분당 소식"]);
    expect((await listPublished(ANYANG, SITE, { now })).total).toBe(1);

    expect(await getPublished(ANYANG, SITE, theirs, now)).toBeUndefined();
    expect(await recordView(ANYANG, SITE, theirs, now)).toBeUndefined();
    expect(await getPost(ANYANG, theirs, now)).toBeUndefined();
    expect((await getPost("bundang", theirs, now))!.views).toBe(0);

    const rss = await rssXml(COMPLEX, SITE, URL, now);
    expect(rss).toContain("안양 소식");
    expect(rss).not.toContain("분당 소식");
    const sitemap = await sitemapXml(COMPLEX, URL, now);
    expect(sitemap).toContain(mine);
    expect(sitemap).not.toContain(theirs);

    expect((await listAllPosts(ANYANG, { now })).posts.map((p) => p.id)).toEqual([mine]);
    expect(await updatePost(ANYANG, theirs, input("바꿈"), { now })).toBe(false);
    expect(await deletePost(ANYANG, theirs)).toBe(false);
    expect((await getPost("bundang", theirs, now))!.title).toBe("분당 소식");
  });
});
