import { useRouteLoaderData } from "react-router";
import type { Notice, Site } from "~/content/schema";

/*
 * The complex a page is for. The root loader (app/root.tsx) picks it from the request's host name
 * (app/sites/registry.server.ts) and hands it, with its public origin, to every component.
 */

/**
 * `notice`: the complex's notice when it is within its period as the page is rendered; `nonce`: the
 * CSP nonce of a page rendered per request (prerendered pages have none: their inline scripts are
 * allowed by hash).
 */
export type RootData = {
  site: Site;
  siteUrl: string;
  notice?: Notice;
  nonce?: string;
  /** The complex's own characters' font file, when the build's subset lacks some (lib/web-font.ts). */
  fontExtra?: { url: string; range: string };
};

type Match = { id: string; data?: unknown } | undefined;

/** The root loader's data in a `meta` function's or an error boundary's matches. */
export function rootDataFrom(matches: ReadonlyArray<Match>): RootData {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  if (!root) throw new Error("루트 데이터가 없습니다");
  return root;
}

export function siteFrom(matches: ReadonlyArray<Match>): Site {
  return rootDataFrom(matches).site;
}

export function siteUrlFrom(matches: ReadonlyArray<Match>): string {
  return rootDataFrom(matches).siteUrl;
}

/**
 * The complex, or undefined when the root loader failed (no complex answers this request): for
 * the document's Layout and the error boundary, which render then too.
 */
export function useOptionalSite(): Site | undefined {
  return (useRouteLoaderData("root") as RootData | undefined)?.site;
}

/** The complex this page is for. */
export function useSite(): Site {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("루트 데이터가 없습니다");
  return data.site;
}

/** The complex's public origin (canonical links, share URLs). */
export function useSiteUrl(): string {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("루트 데이터가 없습니다");
  return data.siteUrl;
}

/** The supplement of the complex's own characters to the web font, if it needs one. */
export function useFontExtra(): RootData["fontExtra"] {
  return (useRouteLoaderData("root") as RootData | undefined)?.fontExtra;
}

/** The notice to show on this page (within its period when the page was rendered), if any. */
export function useNotice(): Notice | undefined {
  return (useRouteLoaderData("root") as RootData | undefined)?.notice;
}

/** The CSP nonce an inline script needs on a page rendered per request (none when prerendered). */
export function useCspNonce(): string | undefined {
  return (useRouteLoaderData("root") as RootData | undefined)?.nonce;
}
