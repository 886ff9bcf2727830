import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import type { Site } from "~/content/schema";
// Relative, not ~/: react-router.config.ts loads this module without the app's path aliases.
import { upgradeDocument, withIdentity } from "../content/identity";
import { validateSite } from "../content/validate";
import { SITE_FILE, sitesRoot } from "./folders.server";
import { hostOf, hostOrigin, normalizeHost } from "./host-name.server";
import { resolveSiteData } from "./site-pictures.server";

/*
 * The complexes this deployment serves: one folder each under `sites/` (SITES_DIR:
 * folders.server.ts), its content in `site.yaml`, its pictures resolved by site-pictures.server.ts.
 * Read and validated once per process; a request's complex is chosen by its host name.
 */

/** The parsed `site.yaml` of the complex in `dir` (errors name the file as `label` shows it). */
export function readSiteFile(dir: string, label = dir): unknown {
  try {
    // A file written before 단지 기본 정보 is read in today's shape (content/identity.ts).
    return upgradeDocument(parse(readFileSync(join(dir, SITE_FILE), "utf8")) as unknown);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${join(label, SITE_FILE)}: YAML 문법 오류입니다: ${reason}`);
  }
}

/** A complex's document, resolved and validated; errors name `label` (its file, or 콘솔 초안). */
export function siteFromData(data: unknown, dir: string, label: string): Site {
  const resolved = resolveSiteData(data, dir);
  if (resolved.problems.length) {
    throw new Error(resolved.problems.map((p) => `${label}: ${p}`).join("\n"));
  }
  return validateSite(resolved.data, label);
}

/** The YAML file of one complex as data, validated; errors name the file (`sites/x/site.yaml`). */
export function loadSite(dir: string, label = dir): Site {
  return siteFromData(readSiteFile(dir, label), dir, join(label, SITE_FILE));
}

/** Every complex under `root`, in folder order; ids and hosts unique, one default at most. */
export function loadSites(root = sitesRoot()): Site[] {
  if (!existsSync(root)) throw new Error(`단지 폴더가 없습니다: ${root}`);
  const base = process.env.SITES_DIR ? root : "sites";
  const sites = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, d.name, SITE_FILE)))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const site = loadSite(join(root, name), `${base}/${name}`);
      if (site.id !== name) {
        throw new Error(
          `${base}/${name}/${SITE_FILE}: id "${site.id}"가 폴더 이름(${name})과 다릅니다`,
        );
      }
      return site;
    });
  if (sites.length === 0) throw new Error(`단지가 하나도 없습니다: ${root}/<id>/${SITE_FILE}`);
  const owner = new Map<string, string>();
  for (const site of sites) {
    for (const host of site.hosts.map(hostOf)) {
      const other = owner.get(host);
      if (other) throw new Error(`호스트 ${host}를 두 단지(${other}, ${site.id})가 함께 씁니다`);
      owner.set(host, site.id);
    }
  }
  const defaults = sites.filter((s) => s.default);
  if (defaults.length > 1) {
    throw new Error(`기본 단지가 둘 이상입니다: ${defaults.map((s) => s.id).join(", ")}`);
  }
  return sites;
}

/**
 * Whether a complex's pages are served: `live`; `unpublished` (taken down in the console) and
 * `draft` (made in the console, never published) answer 준비 중 on their hosts.
 */
export type SiteState = "live" | "unpublished" | "draft";

type Registry = {
  /** Each complex with its live values, as its document has it (placeholders unfilled). */
  sites: Site[];
  /** The same as shown (placeholders filled from 단지 기본 정보, content/identity.ts). */
  shown: Site[];
  byHost: Map<string, Site>;
  byId: Map<string, Site>;
  /** Each complex as its content has it, before live values (app/sites/live.server.ts). */
  base: Map<string, Site>;
  states: Map<string, SiteState>;
};
let cached: Registry | undefined;

/**
 * A complex as its pages, messages and commands show it: its texts' placeholders (`{단지명}`…)
 * filled from its 단지 기본 정보, after its live values (a phone set in 운영 정보 reaches the
 * texts too). Made once per complex's data.
 */
const shownSites = new WeakMap<Site, Site>();
export function shownSite(site: Site): Site {
  let shown = shownSites.get(site);
  if (!shown) shownSites.set(site, (shown = withIdentity(site)));
  return shown;
}

function indexed(
  sites: Site[],
  base = new Map(sites.map((s) => [s.id, s])),
  states = new Map<string, SiteState>(),
): Registry {
  const shown = sites.map(shownSite);
  return {
    sites,
    shown,
    byId: new Map(shown.map((s) => [s.id, s])),
    // Keyed as siteForHost looks a host up: normalised (host-name.server.ts).
    byHost: new Map(shown.flatMap((s) => s.hosts.map((h) => [hostOf(h), s] as const))),
    base,
    states,
  };
}

function registry() {
  cached ??= indexed(loadSites());
  return cached;
}

/** For tests and commands: forget the complexes (read again when next asked), or use these. */
export function resetSites(sites?: Site[], states?: Map<string, SiteState>) {
  cached = sites && indexed(sites, undefined, states);
}

/** A complex as its content file has it, without the values set in 운영 정보. */
export function baseSite(id: string): Site {
  const site = registry().base.get(id);
  if (!site) throw new Error(`없는 단지입니다: ${id}`);
  return site;
}

/** Serves `site` (the same id, its live values applied) in place of the complex's current data. */
export function replaceSite(site: Site) {
  const { sites, base, states } = registry();
  cached = indexed(
    sites.map((s) => (s.id === site.id ? site : s)),
    base,
    states,
  );
}

/**
 * A complex's content as the content store has it now (a publish, a new complex, taken down), in
 * place of what was there, or added; its live values are applied again by the next live sync.
 */
export function putSite(site: Site, state: SiteState) {
  const { sites, base, states } = registry();
  const known = sites.some((s) => s.id === site.id);
  cached = indexed(
    known ? sites.map((s) => (s.id === site.id ? site : s)) : [...sites, site],
    new Map(base).set(site.id, site),
    new Map(states).set(site.id, state),
  );
}

/** A complex deleted in the console: no longer served, its hosts answered by the default. */
export function dropSite(id: string) {
  const { sites, base, states } = registry();
  const rest = new Map(base);
  rest.delete(id);
  const restStates = new Map(states);
  restStates.delete(id);
  cached = indexed(
    sites.filter((s) => s.id !== id),
    rest,
    restStates,
  );
}

/**
 * 미리보기: inside `withSiteOverride(site, fn)` the complex `site.id` is `site` (a draft) for
 * everything `fn` does, through the same lookups the public pages use; the rest of the process
 * (other requests, other complexes) still sees the registry.
 */
const override = new AsyncLocalStorage<Site>();
export function withSiteOverride<T>(site: Site, fn: () => T): T {
  return override.run(site, fn);
}
const overridden = (id: string | undefined) => {
  const site = override.getStore();
  return site && site.id === id ? shownSite(site) : undefined;
};

/** Whether a complex's pages are served (a complex from a folder is live; a preview's is). */
export function siteState(id: string): SiteState {
  if (overridden(id)) return "live";
  return registry().states.get(id) ?? "live";
}

/** Every complex as shown (placeholders filled). */
export function allSites(): Site[] {
  const site = override.getStore();
  const { shown } = registry();
  return site ? shown.map((s) => (s.id === site.id ? shownSite(site) : s)) : shown;
}

export function siteById(id: string): Site | undefined {
  return overridden(id) ?? registry().byId.get(id);
}

/** The complex with this id (stored data names it); a missing one is a fault, not a visitor's. */
export function requireSite(id: string): Site {
  const site = siteById(id);
  if (!site) throw new Error(`없는 단지입니다: ${id}`);
  return site;
}

/** The complex answered for a host no complex names: DEFAULT_SITE, else the one marked default. */
export function defaultSite(): Site {
  const { byId } = registry();
  const wanted = process.env.DEFAULT_SITE;
  if (wanted) {
    const site = byId.get(wanted);
    if (!site) throw new Error(`DEFAULT_SITE "${wanted}" 단지가 없습니다`);
    return site;
  }
  const { shown } = registry();
  return shown.find((s) => s.default) ?? shown.find((s) => siteState(s.id) === "live") ?? shown[0]!;
}

/**
 * The complex a host name (`host[:port]`, normalised: host-name.server.ts) asks for: `<id>.localhost` on any port or
 * `<id>.<SITES_DOMAIN>` (one wildcard domain for all) when complex <id> exists, else one whose
 * hosts list it (with or without the port), else the default.
 */
export function siteForHost(host: string | null | undefined): Site {
  const { byHost, byId } = registry();
  const lower = normalizeHost(host ?? "");
  const name = lower.replace(/:\d+$/, "");
  // `<id>.localhost` everywhere, and `<id>.<SITES_DOMAIN>` behind a wildcard domain.
  const domain = process.env.SITES_DOMAIN?.toLowerCase();
  const local =
    /^([a-z][a-z0-9-]*)\.localhost$/.exec(name) ??
    (domain && name.endsWith(`.${domain}`) ? /^([a-z][a-z0-9-]*)\./.exec(name) : null);
  // `<id>.localhost` is complex <id>'s whatever another complex lists (app/sites/hosts.server.ts).
  const site =
    (local ? byId.get(local[1]!) : undefined) ??
    byHost.get(lower) ??
    byHost.get(name) ??
    defaultSite();
  return overridden(local?.[1] ?? site.id) ?? site;
}

/** The complex a request is for (its URL's host is the trusted one: server/react-router.js). */
export function siteOf(request: Request): Site {
  return siteForHost(new URL(request.url).host);
}

/**
 * The public origin of a complex, for canonical links, feeds and messages: SITE_URL for the
 * default complex, `SITE_URL__<ID>` for another, else its first host with its scheme (https unless
 * the entry says `http://`, or names localhost or an IP: host-name.server.ts hostOrigin), else
 * `https://<id>.<SITES_DOMAIN>`, else `<id>.localhost` on this server's port.
 */
export function siteOrigin(site: Site): string {
  const own = process.env[`SITE_URL__${site.id.toUpperCase().replace(/-/g, "_")}`];
  if (own) return own.replace(/\/+$/, "");
  if (site.id === defaultSite().id) {
    return (process.env.SITE_URL || "http://localhost:3000").replace(/\/+$/, "");
  }
  if (site.hosts[0]) return hostOrigin(site.hosts[0]);
  if (process.env.SITES_DOMAIN) return `https://${site.id}.${process.env.SITES_DOMAIN}`;
  return `http://${site.id}.localhost:${process.env.PORT || 3000}`;
}
