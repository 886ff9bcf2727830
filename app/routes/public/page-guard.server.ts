import { data, redirect } from "react-router";
import type { Page, Site } from "~/content/schema";
import { findPage } from "~/content/pages";
import { siteOf } from "~/sites/registry.server";

/*
 * The route table is the same for every complex (app/routes.ts); whether a path is a page is the
 * complex's data. These guards start a page route's loader: they answer for a path the request's
 * complex does not have, with a 301 when it is one of its other spellings (`redirects`), else 404.
 */

/** Throws the 301 to the canonical path when `url` is one of the complex's other spellings, else 404. */
export function missingPage(site: Site, url: URL): never {
  const alias = site.redirects.find((r) => r.from === url.pathname);
  if (alias) throw redirect(alias.to + url.search, 301);
  throw data(null, { status: 404 });
}

/** The request's complex and its page at the request's path; throws the answer when it has none. */
export function requirePage(request: Request): { site: Site; page: Page } {
  const site = siteOf(request);
  const url = new URL(request.url);
  const page = findPage(site, url.pathname);
  if (!page) missingPage(site, url);
  return { site, page };
}

/**
 * The loader of a page route with nothing else to load (`export { pageLoader as loader }`): 404
 * when the request's complex has no such page. The page's content comes with the root's data.
 */
export function pageLoader({ request }: { request: Request }) {
  requirePage(request);
  return null;
}

/**
 * The request's complex when `press` names one of its press sites (`/{press}/press`,
 * `/{press}/customer`); throws 404 when it does not.
 */
export function requirePressSite(request: Request, press: string): Site {
  const site = siteOf(request);
  if (!site.press.sites.includes(press)) throw data(null, { status: 404 });
  return site;
}
