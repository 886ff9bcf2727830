import { prerenderPaths } from "~/content/pages";
import type { Site } from "~/content/schema";
import { imageUrl } from "~/lib/images";
import { RESULT_MESSAGES } from "~/leads/lead-form";
import { frameSources } from "~/lib/media";
import { telHref } from "~/lib/phone";
import { trackingSources } from "~/lib/tracking";
import { ensureDrawn } from "~/media/drawn.server";
import { contentKey } from "~/console/content-store.server";
import { noticeShown } from "./notice.server";
import {
  allSites,
  resetSites,
  siteById,
  siteForHost,
  siteOrigin,
  siteState,
  type SiteState,
} from "./registry.server";

/**
 * Frames of its videos, VR and notice PDF, and the hosts of its ad tags; `blob:` pictures where it
 * has a 360° tour of its own (the viewer, Pannellum, fetches a panorama and shows it from a blob:
 * address; docs/decisions/039).
 */
function policySources(site: Site) {
  const tags = trackingSources(site.tracking);
  const tours = site.vr.tabs.some((tab) => tab.tour) ? ["blob:"] : [];
  return {
    ...tags,
    frames: [...new Set([...frameSources(site), ...tags.frames])],
    images: [...tags.images, ...tours],
  };
}

/** The complexes of a render (server/renderer.js): those the render process already has, by id. */
type SitesSnapshot = { ids: string[]; sites: Site[]; states: [string, SiteState][] };
/** In the render process: every complex received so far, by id. */
const received = new Map<string, Site>();

function known(id: string): Site {
  const site = siteById(id);
  if (!site) throw new Error(`없는 단지입니다: ${id}`);
  return site;
}

/**
 * What the HTTP server (server/app.js, server/render-site.js) needs of the complexes, through the
 * server build's entry module: which there are, which a host name asks for, the paths rendered
 * ahead of visitors, and the facts of its own error pages and security policy.
 */
export const sitesForServer = {
  ids: (): string[] => allSites().map((s) => s.id),
  idForHost: (host: string): string => siteForHost(host).id,
  origin: (id: string): string => siteOrigin(known(id)),
  paths: (id: string): string[] => prerenderPaths(known(id)),
  /**
   * Before its pages are rendered: the pictures they name that are drawn from its identity, drawn
   * into the media store if not there yet (app/media/drawn.server.ts).
   */
  prepare: (id: string): Promise<void> => ensureDrawn(known(id)),
  /** Whether its pages are served; "gone" once deleted in the console. */
  state: (id: string): SiteState | "gone" => (siteById(id) ? siteState(id) : "gone"),
  /**
   * The complexes as this process serves them, for the render process (server/renderer.js): in
   * order by id, and whole only those not in `sent` (the ones that process has not had yet; a
   * complex's object is replaced when its content or live values change). With 500 complexes,
   * sending and showing every one for each render took seconds of a publish (issue 43).
   */
  snapshot: (sent: WeakSet<object>): SitesSnapshot => {
    const sites = allSites();
    const fresh = sites.filter((s) => !sent.has(s));
    for (const site of fresh) sent.add(site);
    return {
      ids: sites.map((s) => s.id),
      sites: fresh,
      states: sites.map((s) => [s.id, siteState(s.id)]),
    };
  },
  /**
   * In the render process: takes a snapshot in (with the complexes it had before) and answers the
   * function that serves it, as often as a render needs it back.
   */
  receive(snapshot: SitesSnapshot): () => void {
    for (const site of snapshot.sites) received.set(site.id, site);
    const sites = snapshot.ids.map((id) => {
      const site = received.get(id);
      if (!site) throw new Error(`렌더 프로세스에 없는 단지입니다: ${id}`);
      return site;
    });
    const kept = new Set(snapshot.ids);
    for (const id of received.keys()) if (!kept.has(id)) received.delete(id);
    const states = new Map(snapshot.states);
    return () => resetSites(sites, states);
  },
  /**
   * Equal keys render equal pages: the build's rendered pages, and those stored
   * (stored-pages.server.ts), are used only for the same key. Its notice shown or not is part of
   * it: the same content renders with the notice during its period and without it outside.
   */
  key: (id: string): string => {
    const site = known(id);
    return `${contentKey(site)}${noticeShown(site.notice) ? ":notice" : ""}`;
  },
  facts(id: string) {
    const site = known(id);
    const logo = site.identity.logo;
    return {
      siteName: site.identity.name,
      phone: site.identity.phone,
      telHref: telHref(site.identity.phone),
      // Without a logo picture the name in letters (server/error-page.js).
      logo: logo ? { src: imageUrl(logo), width: logo.width, height: logo.height } : undefined,
      failedMessage: RESULT_MESSAGES.popup.failed,
      /** The complex's Content-Security-Policy sources (server/security-headers.js complexPolicy). */
      policy: policySources(site),
    };
  },
};
