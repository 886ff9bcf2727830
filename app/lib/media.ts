import { YOUTUBE_EMBED_ORIGIN, youtubeId } from "./media-files";

/**
 * Rules for the embedded players: which VR tabs the E-model page shows, and the address a film's
 * player loads once the visitor plays it.
 */

/** The E-model page shows at most this many tabs (only the first entries of the list are used). */
export const E_MODEL_TAB_LIMIT = 5;

export function eModelTabs<T>(tabs: readonly T[]): T[] {
  return tabs.slice(0, E_MODEL_TAB_LIMIT);
}

/** The selected key at first: the configured default when it is among the shown tabs, else the first tab. */
export function initialTabKey<T extends { key: string }>(
  tabs: readonly T[],
  defaultKey: string,
): string | undefined {
  return tabs.some((t) => t.key === defaultKey) ? defaultKey : tabs[0]?.key;
}

/**
 * The player a film's frame loads when the visitor plays it: a YouTube id or address plays from
 * youtube-nocookie; another https player keeps its address. Either starts at once (the visitor
 * asked for it), inline on phones, with no related videos and no loop. Parameters already in the
 * address win, so content can override them. The browser adds `mute=1` when the film starts
 * because its tab was chosen (browsers block sound that the click did not start).
 */
export function playerUrl(src: string): string {
  const id = youtubeId(src);
  const url = new URL(id ? `${YOUTUBE_EMBED_ORIGIN}/embed/${id}` : src);
  const defaults: Record<string, string> = { autoplay: "1", playsinline: "1", rel: "0", loop: "0" };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.toString();
}

/** Where a film's link goes without JavaScript: YouTube's own page, or the player's address. */
export function watchUrl(src: string): string {
  const id = youtubeId(src);
  return id ? `https://www.youtube.com/watch?v=${id}` : src;
}

type EmbedSources = {
  brandVideo: { src: string; file?: unknown };
  videoTabs: readonly { src: string; file?: unknown }[];
  vr: { tabs: readonly { src: string; tour?: unknown }[] };
  announcement: { pdfUrl: string; document?: unknown };
};

/**
 * The sources the pages may show in an iframe (the Content-Security-Policy's frame-src): the
 * origins of the configured video and VR addresses (a YouTube film plays from youtube-nocookie),
 * of a notice PDF elsewhere, and `'self'` for a PDF on this site. Empty addresses (not delivered
 * yet) and addresses a file kept here replaces (an uploaded film, a self-hosted tour, an uploaded
 * notice) add nothing.
 */
export function frameSources(c: EmbedSources): string[] {
  const sources = new Set<string>();
  const addresses = [
    ...[c.brandVideo, ...c.videoTabs].filter((v) => !v.file).map((v) => v.src),
    ...c.vr.tabs.filter((t) => !t.tour).map((t) => t.src),
    ...(c.announcement.document ? [] : [c.announcement.pdfUrl]),
  ];
  for (const address of addresses) {
    if (address === "") continue;
    if (youtubeId(address)) sources.add(YOUTUBE_EMBED_ORIGIN);
    else if (address.startsWith("/")) sources.add("'self'");
    else if (/^https?:\/\//i.test(address)) sources.add(new URL(address).origin);
  }
  return [...sources];
}
