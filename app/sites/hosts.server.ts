import { mayUse, type Access } from "~/auth/access.server";
import type { SiteProblem } from "~/content/validate";
import { getDb, type Queryable } from "~/db/db.server";
import { hostOf, normalizeHost } from "./host-name.server";
import { allSites, defaultSite } from "./registry.server";

/*
 * Whose address a host name is (issue 38, item 2): the one rule the content form's save, a zip's
 * import, publishing and 새 단지 check a complex's `hosts` against. A host belongs to one complex:
 *
 * - `<id>.localhost` (any port) always to complex <id>, and `<id>.<SITES_DOMAIN>` to <id>, as
 *   registry.server.ts siteForHost answers them;
 * - the host of SITE_URL to the default complex, the host of `SITE_URL__<ID>` to <id>;
 * - a host another complex lists: in its published versions (the one served and a scheduled one),
 *   in its draft while it was never published, or as this instance serves it now.
 *
 * Two names are the same address when a request could match both: equal, or one without a port and
 * the other the same name on some port (siteForHost takes `example.com` for every port of it).
 * Only an 에이전시 관리자 changes a complex's hosts at all (`mayChangeHosts`); an editor's form
 * shows them read-only and the server keeps the complex's own.
 *
 * The 기본 단지 mark (`default`) is an address too: the marked complex answers every host no complex
 * names, and SITE_URL's (registry.server.ts defaultSite, unless DEFAULT_SITE names one). It is
 * changed as the hosts are, by an 에이전시 관리자 only, and no two complexes hold it at once
 * (`defaultProblems`, on save, import and publish: the registry would serve the first of them).
 */

export const HOST_MESSAGES = {
  taken: (host: string, owner: string) =>
    `호스트 ${host}는 ${owner} 단지가 씁니다. 한 호스트는 한 단지만 쓸 수 있습니다.`,
  localName: (host: string, owner: string) =>
    `${host}는 ${owner} 단지의 주소입니다 (<단지 ID>.localhost는 언제나 그 단지의 것입니다).`,
  origin: (host: string, owner: string, variable: string) =>
    `호스트 ${host}는 ${owner} 단지의 주소(${variable})입니다.`,
  agencyOnly:
    "호스트 이름은 에이전시 관리자만 바꿀 수 있습니다. 바꾼 호스트는 저장하지 않고 원래대로 두었습니다.",
};

export const DEFAULT_SITE_MESSAGES = {
  taken: (owner: string) =>
    `${owner} 단지가 이미 기본 단지입니다. 기본 단지는 하나만 둘 수 있습니다. ${owner} 단지의 기본 단지 표시를 먼저 끄고 게시한 뒤 다시 해 주세요.`,
  agencyOnly:
    "기본 단지는 에이전시 관리자만 바꿀 수 있습니다. 바꾼 표시는 저장하지 않고 원래대로 두었습니다.",
};

/**
 * Whether the account may change the complex's hosts and its 기본 단지 mark: the agency's, as
 * creating complexes is.
 */
export function mayChangeHosts(admin: Access, siteId: string): boolean {
  return mayUse(admin, siteId, "complexes");
}

/** A document's `hosts` as a list of strings (anything else: none). */
function hostsOf(content: unknown): string[] {
  const hosts = (content as { hosts?: unknown } | null | undefined)?.hosts;
  return Array.isArray(hosts) ? hosts.map((h) => String(h)) : [];
}

/** Whether a document marks its complex as the 기본 단지. */
export const isDefaultSite = (content: unknown) =>
  (content as { default?: unknown } | null | undefined)?.default === true;

/** Whether two documents list the same hosts, in the same order (each normalised). */
export const sameHosts = (a: unknown, b: unknown) =>
  JSON.stringify(hostsOf(a).map(normalizeHost)) === JSON.stringify(hostsOf(b).map(normalizeHost));

/**
 * Name and port of a host, normalised, its scheme left out (host-name.server.ts): `Suwon.localhost.`
 * and `http://suwon.localhost` are `suwon.localhost`.
 */
const split = (host: string) => {
  const lower = hostOf(host);
  const port = /:(\d+)$/.exec(lower);
  return { name: port ? lower.slice(0, port.index) : lower, port: port?.[1] ?? "" };
};

/** Whether a request could be for both names (see above). */
function sameAddress(a: string, b: string): boolean {
  const x = split(a);
  const y = split(b);
  return x.name === y.name && (x.port === y.port || !x.port || !y.port);
}

/** The complex a name is always for, by its form: `<id>.localhost`, `<id>.<SITES_DOMAIN>`. */
function ownerByName(host: string): string | undefined {
  const { name } = split(host);
  const local = /^([a-z][a-z0-9-]*)\.localhost$/.exec(name);
  if (local) return local[1];
  const domain = process.env.SITES_DOMAIN?.toLowerCase();
  if (domain && name.endsWith(`.${domain}`)) return /^([a-z][a-z0-9-]*)\./.exec(name)?.[1];
  return undefined;
}

type Claim = { host: string; owner: string; variable?: string };

const hostOfUrl = (url: string | undefined) => {
  try {
    return url ? new URL(url).host : undefined;
  } catch {
    return undefined;
  }
};

/** The hosts of the configured origins: SITE_URL's for the default complex, SITE_URL__<ID>'s. */
function originClaims(): Claim[] {
  const claims: Claim[] = [];
  const main = hostOfUrl(process.env.SITE_URL || "http://localhost:3000");
  if (main) claims.push({ host: main, owner: defaultSite().id, variable: "SITE_URL" });
  for (const [key, value] of Object.entries(process.env)) {
    const id = /^SITE_URL__([A-Z0-9_]+)$/.exec(key)?.[1];
    const host = id && hostOfUrl(value);
    if (host) claims.push({ host, owner: id.toLowerCase().replace(/_/g, "-"), variable: key });
  }
  return claims;
}

type StoreRow = { site_id: string; draft: string; served: string | null; latest: string | null };

type Listed = { owner: string; content: unknown };

/**
 * Every document that gives a complex its addresses (see above), from the store through `db`, and
 * as this instance serves them.
 */
async function listedDocuments(db: Queryable, now: Date): Promise<Listed[]> {
  const rows = await db.all<StoreRow>(
    `SELECT d.site_id, d.draft,
       (SELECT v.content FROM site_versions v WHERE v.site_id = d.site_id AND v.live_from <= $1
        ORDER BY v.version DESC LIMIT 1) AS served,
       (SELECT v.content FROM site_versions v WHERE v.site_id = d.site_id
        ORDER BY v.version DESC LIMIT 1) AS latest
     FROM site_documents d`,
    [now.toISOString()],
  );
  const listed: Listed[] = [];
  const add = (owner: string, content: unknown) => {
    if (content !== undefined) listed.push({ owner, content });
  };
  const parse = (text: string | null) => {
    try {
      return text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      return undefined;
    }
  };
  for (const row of rows) {
    if (row.latest == null) add(row.site_id, parse(row.draft));
    add(row.site_id, parse(row.served));
    add(row.site_id, parse(row.latest));
  }
  for (const site of allSites()) add(site.id, site);
  return listed;
}

/** Every host another complex holds (see above). */
async function listedClaims(db: Queryable, now: Date): Promise<Claim[]> {
  return (await listedDocuments(db, now)).flatMap(({ owner, content }) =>
    hostsOf(content).map((host) => ({ host, owner })),
  );
}

/**
 * Each of `hosts` (the document's list, as sent) that is another complex's address, with its Korean
 * message at its field (`hosts.<i>`). Empty when every host is free or the complex's own.
 */
export async function hostProblems(
  siteId: string,
  hosts: unknown,
  { db, now = new Date() }: { db?: Queryable; now?: Date } = {},
): Promise<SiteProblem[]> {
  const list = Array.isArray(hosts) ? hosts : [];
  if (!list.length) return [];
  const claims = [...originClaims(), ...(await listedClaims(db ?? (await getDb()), now))];
  const problems: SiteProblem[] = [];
  list.forEach((value, i) => {
    const host = String(value);
    const path = `hosts.${i}`;
    const named = ownerByName(host);
    if (named) {
      if (named !== siteId) problems.push({ path, message: HOST_MESSAGES.localName(host, named) });
      return;
    }
    const claim = claims.find((c) => c.owner !== siteId && sameAddress(c.host, host));
    if (!claim) return;
    problems.push({
      path,
      message: claim.variable
        ? HOST_MESSAGES.origin(host, claim.owner, claim.variable)
        : HOST_MESSAGES.taken(host, claim.owner),
    });
  });
  return problems;
}

/**
 * The document's 기본 단지 mark, when it has one and another complex holds it too (see above), with
 * the Korean message at its field (`default`). Empty otherwise.
 */
export async function defaultProblems(
  siteId: string,
  content: unknown,
  { db, now = new Date() }: { db?: Queryable; now?: Date } = {},
): Promise<SiteProblem[]> {
  if (!isDefaultSite(content)) return [];
  const other = (await listedDocuments(db ?? (await getDb()), now)).find(
    (d) => d.owner !== siteId && isDefaultSite(d.content),
  );
  return other ? [{ path: "default", message: DEFAULT_SITE_MESSAGES.taken(other.owner) }] : [];
}
