/*
 * What server/rendered-cache.js needs to keep rendered press pages (the list and an article) for
 * visitors: which paths they are, who must not get a kept copy (the signed-in administrator), the
 * generation that changes when a post is written, and the view count of an article, counted for
 * each answer. An article is rendered once with VIEWS_PLACEHOLDER as its count; each answer puts
 * its own count in its place (docs/decisions/016-rendered-press-pages.md).
 */
import { formatViews } from "~/press/press-pages";
import { sessionCookieName } from "~/auth/session.server";
import { countView, getPublished, POST_ID, postsGeneration } from "./posts.server";
import { siteById } from "~/sites/registry.server";
import { isCountableView } from "./views.server";

declare module "react-router" {
  interface AppLoadContext {
    /** Set by server/rendered-cache.js: render an article without counting, with the placeholder. */
    viewsPlaceholder?: boolean;
  }
}

/** A count no article will reach, so it can be found and replaced in the rendered page. */
export const VIEWS_PLACEHOLDER = 7_391_028_465;

export type RenderedPress =
  | { kind: "list"; complex: string; site: string }
  | { kind: "article"; complex: string; site: string; id: string };

export const renderedPress = {
  /**
   * The press page a path is on the complex `complex` (an id), if it is one (never the `.data` of
   * a client-side navigation): `site` is the press segment of the path.
   */
  match(complex: string, pathname: string): RenderedPress | null {
    const [, site, press, id, ...rest] = pathname.split("/");
    const sites = siteById(complex)?.press.sites ?? [];
    if (press !== "press" || rest.length || !sites.includes(site!)) return null;
    if (id === undefined) return { kind: "list", complex, site: site! };
    return POST_ID.test(id) ? { kind: "article", complex, site: site!, id } : null;
  },

  /** True when the request comes from a signed-in administrator (pages differ for them). */
  signedIn(cookieHeader: string | undefined): boolean {
    return Boolean(cookieHeader?.includes(`${sessionCookieName()}=`));
  },

  generation: postsGeneration,

  /**
   * The count to show for this answer: one more for a person's view, the current count for a bot
   * or a prefetch; undefined when the article is no longer visible. The server hands over the
   * request's headers (Host among them), from which the request's complex is read.
   */
  async views(
    { complex, site, id }: { complex: string; site: string; id: string },
    headers: Headers,
  ): Promise<number | undefined> {
    if (isCountableView({ method: "GET", headers })) return countView(complex, site, id);
    return (await getPublished(complex, site, id))?.views;
  },

  placeholder: VIEWS_PLACEHOLDER,
  /** How the page writes a count. */
  format: formatViews,
};
