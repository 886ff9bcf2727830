/*
 * Press posts, each of one complex (site_id) and shown under its press address (site: /<site>/press).
 * Every function takes the complex first and sees only its posts. Visitors, the feed and the
 * sitemap see a post when its time has come
 * (status 'published' and published_at <= now); drafts and scheduled posts are the administrator's.
 * Every function that depends on the time takes `now`, so tests can move the clock.
 *
 * Lists are ordered by (published_at DESC, id DESC) and paged with a cursor made of the last row's
 * pair, so a page never skips or repeats a post even when two share a time.
 */
import { randomBytes } from "node:crypto";
import { getDb } from "~/db/db.server";
import { PRESS_PAGE_SIZE, type PressInput } from "~/press/press-form";
import type { PressPhoto } from "~/press/press-photo";
import { deletePhotoIfUnused, storePhoto, type RenderedPhoto } from "./photos.server";

type PostState = "draft" | "scheduled" | "published";

export type PressPost = {
  id: string;
  site: string;
  title: string;
  summary: string;
  body: string;
  sourceName: string;
  sourceUrl: string;
  /** 보도일, YYYY-MM-DD. */
  pressDate: string;
  /** When visitors see it (ISO UTC); null for a draft. */
  publishedAt: string | null;
  state: PostState;
  views: number;
  photo: PressPhoto | null;
  createdAt: string;
  updatedAt: string;
};

type PostRow = {
  id: string;
  site: string;
  title: string;
  summary: string;
  body: string;
  source_name: string;
  source_url: string;
  press_date: string;
  status: "draft" | "published";
  published_at: string | null;
  views: number;
  photo_id: string | null;
  photo_width: number | null;
  photo_height: number | null;
  created_at: string;
  updated_at: string;
};

const COLUMNS = `p.id, p.site, p.title, p.summary, p.body, p.source_name, p.source_url, p.press_date,
  p.status, p.published_at, p.views, p.photo_id, ph.width AS photo_width, ph.height AS photo_height,
  p.created_at, p.updated_at`;
const FROM = "press_posts p LEFT JOIN press_photos ph ON ph.id = p.photo_id";
/** Visible to visitors at $2 (the press address's site is $1, the complex $3). */
const VISIBLE =
  "p.site_id = $3 AND p.site = $1 AND p.status = 'published' AND p.published_at <= $2";

function stateOf(r: Pick<PostRow, "status" | "published_at">, now: Date): PostState {
  if (r.status === "draft" || !r.published_at) return "draft";
  return r.published_at > now.toISOString() ? "scheduled" : "published";
}

function toPost(r: PostRow, now: Date): PressPost {
  return {
    id: r.id,
    site: r.site,
    title: r.title,
    summary: r.summary,
    body: r.body,
    sourceName: r.source_name,
    sourceUrl: r.source_url,
    pressDate: r.press_date,
    publishedAt: r.published_at,
    state: stateOf(r, now),
    views: Number(r.views),
    photo:
      r.photo_id && r.photo_width && r.photo_height
        ? { id: r.photo_id, width: Number(r.photo_width), height: Number(r.photo_height) }
        : null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Post ids: 12 characters of [a-z0-9], as an address segment. */
export const POST_ID = /^[a-z0-9]{12}$/;
const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
function newPostId(): string {
  // 36 does not divide 256; drop the few biased bytes.
  let id = "";
  while (id.length < 12) {
    for (const b of randomBytes(16)) {
      if (b < 252 && id.length < 12) id += ID_ALPHABET[b % 36];
    }
  }
  return id;
}

// ---------------------------------------------------------------------------------------------
// Cursor

export type Cursor = { publishedAt: string; id: string };

/** "<epoch ms>-<id>": opaque enough, short, and checkable. */
function encodeCursor(c: Cursor): string {
  return `${new Date(c.publishedAt).getTime()}-${c.id}`;
}

/** A cursor from the address, or null when it is not one (a forged value starts from the top). */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  const m = /^([0-9]{1,15})-([a-z0-9]{12})$/.exec(value ?? "");
  if (!m) return null;
  const ms = Number(m[1]);
  if (ms > 8_640_000_000_000_000) return null;
  return { publishedAt: new Date(ms).toISOString(), id: m[2]! };
}

// ---------------------------------------------------------------------------------------------
// Reading

export type PressPage = {
  posts: PressPost[];
  /** Cursor after the last post, when more posts follow. */
  next: string | null;
  /** Visible posts in all (for the NO column). */
  total: number;
  /** Visible posts before this page (NO of the first row is total - before). */
  before: number;
};

/** One page of a complex's visible posts at its press address, newest first, after the cursor. */
export async function listPublished(
  siteId: string,
  site: string,
  {
    after = null,
    limit = PRESS_PAGE_SIZE,
    now = new Date(),
  }: { after?: Cursor | null; limit?: number; now?: Date } = {},
): Promise<PressPage> {
  const db = await getDb();
  const at = now.toISOString();
  // After the cursor: older, or as old with a smaller id (the same order as ORDER BY).
  const afterCursor = after
    ? "AND (p.published_at < $4 OR (p.published_at = $4 AND p.id < $5))"
    : "";
  const cursorParams = after ? [after.publishedAt, after.id] : [];
  const rows = await db.all<PostRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${VISIBLE} ${afterCursor}
     ORDER BY p.published_at DESC, p.id DESC LIMIT ${after ? "$6" : "$4"}`,
    [site, at, siteId, ...cursorParams, limit + 1],
  );
  const counts = after
    ? await db.get<{ total: number; before: number }>(
        `SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN p.published_at > $4
           OR (p.published_at = $4 AND p.id >= $5) THEN 1 ELSE 0 END), 0) AS before
         FROM press_posts p WHERE ${VISIBLE}`,
        [site, at, siteId, after.publishedAt, after.id],
      )
    : await db.get<{ total: number; before: number }>(
        `SELECT COUNT(*) AS total, 0 AS before FROM press_posts p WHERE ${VISIBLE}`,
        [site, at, siteId],
      );
  const page = rows.slice(0, limit).map((r) => toPost(r, now));
  const last = page[page.length - 1];
  return {
    posts: page,
    next:
      rows.length > limit && last
        ? encodeCursor({ publishedAt: last.publishedAt!, id: last.id })
        : null,
    total: Number(counts?.total ?? 0),
    before: Number(counts?.before ?? 0),
  };
}

/** The newest visible posts of a complex at its press address (feed). */
export async function latestPublished(
  siteId: string,
  site: string,
  limit: number,
  now = new Date(),
) {
  return (await listPublished(siteId, site, { limit, now })).posts;
}

/** Every visible post of a complex (at any press address), for its sitemap: address parts and last change. */
export async function allPublished(
  siteId: string,
  now = new Date(),
): Promise<{ site: string; id: string; updatedAt: string }[]> {
  const db = await getDb();
  return db.all<{ site: string; id: string; updatedAt: string }>(
    `SELECT site, id, updated_at AS "updatedAt" FROM press_posts
     WHERE site_id = $2 AND status = 'published' AND published_at <= $1
     ORDER BY published_at DESC, id DESC`,
    [now.toISOString(), siteId],
  );
}

/** One post of the complex in any state (administrator), or undefined. */
export async function getPost(
  siteId: string,
  id: string,
  now = new Date(),
): Promise<PressPost | undefined> {
  if (!POST_ID.test(id)) return undefined;
  const db = await getDb();
  const row = await db.get<PostRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE p.site_id = $2 AND p.id = $1`,
    [id, siteId],
  );
  return row ? toPost(row, now) : undefined;
}

/** A post of the complex visitors may see at its press address, or undefined. Reads only. */
export async function getPublished(siteId: string, site: string, id: string, now = new Date()) {
  if (!POST_ID.test(id)) return undefined;
  const db = await getDb();
  const row = await db.get<PostRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${VISIBLE} AND p.id = $4`,
    [site, now.toISOString(), siteId, id],
  );
  return row ? toPost(row, now) : undefined;
}

/**
 * Counts one view of a visible post and answers the new count: one atomic UPDATE, so concurrent
 * views on any number of instances are all counted. Undefined when the post is missing or not
 * visible (nothing is counted then).
 */
export async function countView(siteId: string, site: string, id: string, now = new Date()) {
  if (!POST_ID.test(id)) return undefined;
  const db = await getDb();
  // A view may be lost on power failure (never on a crash): not worth a disk sync per reader.
  const counted = await db.getRelaxed<{ views: number }>(
    `UPDATE press_posts SET views = views + 1
     WHERE id = $3 AND site_id = $4 AND site = $1 AND status = 'published' AND published_at <= $2
     RETURNING views`,
    [site, now.toISOString(), id, siteId],
  );
  return counted ? Number(counted.views) : undefined;
}

/** Counts one view (countView) and answers the post with this request's own count. */
export async function recordView(siteId: string, site: string, id: string, now = new Date()) {
  const views = await countView(siteId, site, id, now);
  if (views === undefined) return undefined;
  const post = await getPost(siteId, id, now);
  // Another view may have landed in between: show this request's own count.
  return post ? { ...post, views } : undefined;
}

/**
 * One page of every post of the complex, whatever its state (draft, scheduled, published), for the
 * administrator. `page` counts from 1 and is clamped to the pages there are, so a forged or stale
 * page number (even 1e300) shows the last page instead of failing the query.
 */
export async function listAllPosts(
  siteId: string,
  { page = 1, limit = 50, now = new Date() }: { page?: number; limit?: number; now?: Date } = {},
): Promise<{
  posts: PressPost[];
  total: number;
  page: number;
  pages: number;
}> {
  const db = await getDb();
  const counted = await db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM press_posts WHERE site_id = $1",
    [siteId],
  );
  const total = Number(counted?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / limit));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows = await db.all<PostRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE p.site_id = $3
     ORDER BY COALESCE(p.published_at, p.updated_at) DESC, p.id DESC LIMIT $1 OFFSET $2`,
    [limit, (current - 1) * limit, siteId],
  );
  return { posts: rows.map((r) => toPost(r, now)), total, page: current, pages };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** The written fields, in the column order of INSERT and UPDATE below. */
function writtenFields(input: PressInput, pub: ReturnType<typeof publication>) {
  const { title, summary, body, sourceName, sourceUrl, pressDate } = input;
  return [title, summary, body, sourceName, sourceUrl, pressDate, pub.status, pub.publishedAt];
}

function publication(input: PressInput, current: PostRow | undefined, now: Date) {
  if (input.publish === "draft") return { status: "draft" as const, publishedAt: null };
  if (input.publish === "schedule")
    return { status: "published" as const, publishedAt: input.publishAt };
  // "Now": a post that is already out keeps its time; a draft or scheduled one goes out now.
  const at = now.toISOString();
  const keep =
    current?.status === "published" && current.published_at && current.published_at <= at;
  return { status: "published" as const, publishedAt: keep ? current.published_at : at };
}

let generation = 0;

/**
 * A number that changes whenever this process writes a post: pages rendered from posts before it
 * changed are stale (server/rendered-cache.js). Writes on another instance are not seen here; the
 * cache's short lifetime covers them.
 */
export function postsGeneration(): number {
  return generation;
}

/** A new post of the complex siteId, shown at its press address `site`; answers its id. */
export async function createPost(
  siteId: string,
  site: string,
  input: PressInput,
  {
    photo = null,
    adminId = null,
    now = new Date(),
  }: { photo?: RenderedPhoto | null; adminId?: string | null; now?: Date } = {},
): Promise<string> {
  const db = await getDb();
  const id = newPostId();
  const at = now.toISOString();
  const pub = publication(input, undefined, now);
  await db.transaction(async (tx) => {
    if (photo) await storePhoto(tx, photo, now);
    await tx.run(
      `INSERT INTO press_posts (id, site, title, summary, body, source_name, source_url, press_date,
         status, published_at, views, photo_id, created_by, created_at, updated_at, site_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12, $13, $13, $14)`,
      [id, site, ...writtenFields(input, pub), photo?.id ?? null, adminId, at, siteId],
    );
  });
  generation++;
  return id;
}

export type PhotoChange =
  | { kind: "keep" }
  | { kind: "remove" }
  | { kind: "replace"; photo: RenderedPhoto };

/** Saves an edit of the complex's post; false when it no longer exists (or is another complex's). */
export async function updatePost(
  siteId: string,
  id: string,
  input: PressInput,
  { photo = { kind: "keep" }, now = new Date() }: { photo?: PhotoChange; now?: Date } = {},
): Promise<boolean> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const current = await tx.get<PostRow>(
      "SELECT * FROM press_posts WHERE site_id = $2 AND id = $1",
      [id, siteId],
    );
    if (!current) return false;
    const pub = publication(input, current, now);
    let photoId = current.photo_id;
    if (photo.kind === "remove") photoId = null;
    if (photo.kind === "replace") {
      await storePhoto(tx, photo.photo, now);
      photoId = photo.photo.id;
    }
    await tx.run(
      `UPDATE press_posts SET title = $2, summary = $3, body = $4, source_name = $5, source_url = $6,
         press_date = $7, status = $8, published_at = $9, photo_id = $10, updated_at = $11
       WHERE id = $1 AND site_id = $12`,
      [id, ...writtenFields(input, pub), photoId, now.toISOString(), siteId],
    );
    if (current.photo_id !== photoId) await deletePhotoIfUnused(tx, current.photo_id);
    return true;
  });
  generation++;
  return saved;
}

/**
 * Deletes a post of the complex (and its photo when no post of any complex uses it); false when it
 * was already gone (or is another complex's).
 */
export async function deletePost(siteId: string, id: string): Promise<boolean> {
  if (!POST_ID.test(id)) return false;
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    const current = await tx.get<{ photo_id: string | null }>(
      "SELECT photo_id FROM press_posts WHERE site_id = $2 AND id = $1",
      [id, siteId],
    );
    if (!current) return false;
    await tx.run("DELETE FROM press_posts WHERE site_id = $2 AND id = $1", [id, siteId]);
    await deletePhotoIfUnused(tx, current.photo_id);
    return true;
  });
  generation++;
  return deleted;
}
