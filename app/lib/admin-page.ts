import { data, type MetaDescriptor } from "react-router";
import { NO_STORE } from "./cache";
import { siteNameFrom } from "./site";

/** Every administrator page: never stored by a browser or proxy, never indexed. */
export function adminHeaders() {
  return { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex, nofollow" };
}

type Match = { id: string; data?: unknown } | undefined;

/** The console frame's route id (app/routes.ts). */
export const ADMIN_LAYOUT_ID = "admin-layout";

/**
 * A console page's title: the page, then the complex being worked on (the console frame's,
 * `?site=` or the host's: routes/admin/layout.tsx), never the host's public title template. Pages
 * outside the frame (sign-in, an invitation) name the host's complex.
 */
export function adminMeta(matches: ReadonlyArray<Match>, title: string): MetaDescriptor[] {
  const frame = matches.find((m) => m?.id === ADMIN_LAYOUT_ID)?.data as
    | { current?: { name?: string } }
    | undefined;
  const name = frame?.current?.name ?? siteNameFrom(matches);
  return [
    { title: `${title} · 관리자 | ${name}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** A console page's `meta` when its title is fixed: `export const meta = adminTitle("계정 관리");`. */
export const adminTitle =
  (title: string) =>
  ({ matches }: { matches: ReadonlyArray<Match> }): MetaDescriptor[] =>
    adminMeta(matches, title);

/** A console page's 404: the same answer as for a page that does not exist. */
export const adminNotFound = () => data(null, { status: 404, headers: adminHeaders() });

/** What an address names (a draft, a post, an account), or the console's 404 when there is none. */
export function orNotFound<T>(value: T | null | undefined): T {
  if (value == null) throw adminNotFound();
  return value;
}
