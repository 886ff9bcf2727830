import type { MetaDescriptor } from "react-router";
import { NO_STORE } from "./cache";
import { documentTitle } from "./seo";

/** Every administrator page: never stored by a browser or proxy, never indexed. */
export function adminHeaders() {
  return { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex, nofollow" };
}

export function adminMeta(title: string): MetaDescriptor[] {
  return [
    { title: documentTitle(`${title} · 관리자`) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
