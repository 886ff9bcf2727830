import { domainToASCII } from "node:url";

/*
 * One form of a host name (issue 38, item 2, review): the form a browser sends it in. The host rule
 * (hosts.server.ts), the registry's lookup by host (registry.server.ts) and every save of a
 * complex's `hosts` (the content form, a zip's import, 새 단지) use it, so that `Foo.example.com`,
 * `foo.example.com.` and `foo.example.com` are one address, and `분양.example.com` is the
 * `xn--…` name a request for it carries.
 */

/*
 * A complex's `hosts` entry may name its scheme (issue 39, item 7): `http://dongtan.localhost:4100`
 * or `https://www.example.com`. Without one (every entry stored before), the scheme is https, but
 * for `localhost`, `*.localhost` and a plain IP address, which a server without a certificate
 * answers: http. The scheme decides the complex's origin (registry.server.ts siteOrigin: canonical,
 * sitemap, og:url); a request is matched by the host alone.
 */
const SCHEME = /^(https?):\/\//i;

/**
 * `host[:port]` lower-cased, without one trailing dot, its name in punycode (node:url
 * domainToASCII, as a URL's host is); the port kept; a scheme it names kept in lower case, a
 * trailing `/` dropped. A name that is no domain name (a space, say) is only lower-cased and
 * trimmed: the schema's pattern refuses it with its Korean message.
 */
export function normalizeHost(host: string): string {
  const scheme = SCHEME.exec(host.trim());
  const text = host
    .trim()
    .slice(scheme ? scheme[0].length : 0)
    .replace(/\/$/, "");
  const port = /:(\d+)$/.exec(text);
  const name = (port ? text.slice(0, port.index) : text).replace(/\.$/, "");
  const ascii = domainToASCII(name) || name.toLowerCase();
  const prefix = scheme ? `${scheme[1]!.toLowerCase()}://` : "";
  return prefix + (port ? `${ascii}:${port[1]}` : ascii);
}

/** The `host[:port]` of an entry (normalised, without its scheme): what a request carries. */
export function hostOf(entry: string): string {
  return normalizeHost(entry).replace(SCHEME, "");
}

/** Whether a host name is answered on plain HTTP unless told: `localhost`, `*.localhost`, an IP. */
function plainByDefault(host: string): boolean {
  const name = host.replace(/:\d+$/, "");
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(name) ||
    name.startsWith("[")
  );
}

/** The origin an entry names: its own scheme, else https (http for localhost and IPs). */
export function hostOrigin(entry: string): string {
  const normal = normalizeHost(entry);
  if (SCHEME.test(normal)) return normal;
  return `${plainByDefault(normal) ? "http" : "https"}://${normal}`;
}

/** An entry as typed, given the scheme chosen beside it (`http`, `https`) unless it names its own. */
export function withScheme(entry: string, scheme: string): string {
  return (scheme === "http" || scheme === "https") && !SCHEME.test(entry.trim())
    ? `${scheme}://${entry.trim()}`
    : entry;
}

/** Each of a document's `hosts`, normalised; anything else as it is (the schema answers it). */
export function normalizeHosts(hosts: unknown): unknown {
  return Array.isArray(hosts)
    ? hosts.map((h: unknown) => (typeof h === "string" ? normalizeHost(h) : h))
    : hosts;
}
