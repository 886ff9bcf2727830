/**
 * Rules for the embedded players: which VR tabs the E-model page shows, and the query a
 * video embed gets so it starts by itself and stops at the end.
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
 * The embed address with autoplay: muted (browsers block autoplay with sound), inline on phones,
 * no related videos and no loop, so the film plays once and stops. Parameters already in the
 * address win, so content can override them.
 */
export function autoplayUrl(src: string): string {
  const url = new URL(src);
  const defaults: Record<string, string> = {
    autoplay: "1",
    mute: "1",
    playsinline: "1",
    rel: "0",
    loop: "0",
  };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.toString();
}

type EmbedSources = {
  brandVideo: { src: string };
  videoTabs: readonly { src: string }[];
  vr: { tabs: readonly { src: string }[] };
  announcement: { pdfUrl: string };
};

/**
 * The sources the pages may show in an iframe (the Content-Security-Policy's frame-src): the
 * origins of the configured video, VR and notice-PDF addresses, and `'self'` for a PDF on this site.
 * Empty addresses (not delivered yet) add nothing.
 */
export function frameSources(c: EmbedSources): string[] {
  const sources = new Set<string>();
  const addresses = [
    c.brandVideo.src,
    ...c.videoTabs.map((t) => t.src),
    ...c.vr.tabs.map((t) => t.src),
    c.announcement.pdfUrl,
  ];
  for (const address of addresses) {
    if (address.startsWith("/")) sources.add("'self'");
    else if (/^https?:\/\//i.test(address)) sources.add(new URL(address).origin);
  }
  return [...sources];
}
