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
type RootCommon = {
  siteUrl: string;
  nonce?: string;
  /** The complex's own characters' font file, when the build's subset lacks some (lib/web-font.ts). */
  fontExtra?: { url: string; range: string };
};

/** A public page's root data: the whole complex, for its header, footer, popup and pages. */
export type PublicRootData = RootCommon & { site: Site; notice?: Notice };

/**
 * A console page's (/admin…, `isConsolePath`): no public frame, and its desks load what they edit
 * themselves, so the whole complex (~60 KB on every page's data) stays home; the host's complex's
 * name only, for the title of a page outside the console's frame (sign-in, an invitation).
 */
export type ConsoleRootData = RootCommon & { console: { id: string; name: string } };

export type RootData = PublicRootData | ConsoleRootData;

type Match = { id: string; data?: unknown } | undefined;

function rootOf(matches: ReadonlyArray<Match>): RootData {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  if (!root) throw new Error("루트 데이터가 없습니다");
  return root;
}

/** The root loader's data in a public page's `meta` function or error boundary's matches. */
export function rootDataFrom(matches: ReadonlyArray<Match>): PublicRootData {
  const root = rootOf(matches);
  if (!("site" in root)) throw new Error("관리자 페이지에는 단지 전체 내용이 없습니다");
  return root;
}

export function siteFrom(matches: ReadonlyArray<Match>): Site {
  return rootDataFrom(matches).site;
}

/** The name of the request's complex, on a console page or a public one. */
export function siteNameFrom(matches: ReadonlyArray<Match>): string {
  const root = rootOf(matches);
  return "site" in root ? root.site.identity.name : root.console.name;
}

/**
 * The complex, or undefined when the root loader failed (no complex answers this request): for
 * the document's Layout and the error boundary, which render then too.
 */
export function useOptionalSite(): Site | undefined {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data && "site" in data ? data.site : undefined;
}

/** The complex this page is for (a public page's: a console page's root data does not carry it). */
export function useSite(): Site {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("루트 데이터가 없습니다");
  if (!("site" in data)) throw new Error("관리자 페이지에는 단지 전체 내용이 없습니다");
  return data.site;
}

/** The supplement of the complex's own characters to the web font, if it needs one. */
export function useFontExtra(): RootData["fontExtra"] {
  return (useRouteLoaderData("root") as RootData | undefined)?.fontExtra;
}

/** The notice to show on this page (within its period when the page was rendered), if any. */
export function useNotice(): Notice | undefined {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data && "notice" in data ? data.notice : undefined;
}

/** The CSP nonce an inline script needs on a page rendered per request (none when prerendered). */
export function useCspNonce(): string | undefined {
  return (useRouteLoaderData("root") as RootData | undefined)?.nonce;
}
