import type { MetaDescriptor } from "react-router";
import type { Site } from "~/content/schema";
import { NO_STORE } from "./cache";
import { documentTitle } from "./seo";

/** Every administrator page: never stored by a browser or proxy, never indexed. */
export function adminHeaders() {
  return { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex, nofollow" };
}

export function adminMeta(site: Site, title: string): MetaDescriptor[] {
  return [
    { title: documentTitle(site, `${title} · 관리자`) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
