import { isIPv4, isIPv6 } from "node:net";

/*
 * The client's address, for rate limits and the access log: what the HTTP server saw (`req.ip`,
 * which honours TRUST_PROXY), handed to the application in the load context (server/app.js).
 */

declare module "react-router" {
  interface AppLoadContext {
    /** Client address as the Express server sees it (`req.ip`, honouring `trust proxy`). */
    ip?: string;
  }
}

/** Request's client address: the Express server's `req.ip`, else the first X-Forwarded-For hop. */
export function clientIp(request: Request, context: { ip?: string } | undefined): string {
  if (context?.ip) return context.ip;
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || "unknown";
}

/**
 * The address a rate limit counts a client under (issue 38, item 4): an IPv6 address by its /64
 * (`2001:db8:1:2::/64`), the one network a subscriber is given, inside which a client takes a fresh
 * address per request at will; an IPv4-mapped one (`::ffff:203.0.113.9`, how a dual-stack socket
 * shows an IPv4 client) as the IPv4 address; an IPv4 address, or anything else, as it is.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip.trim().slice(0, 100);
  const groups = ipv6Groups(address.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing IPv4 part too). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(":").map((g) => parseInt(g, 16)) : [];
  const first = parse(head);
  const last = parse(tail);
  const zeros = tail === undefined ? [] : Array<number>(8 - first.length - last.length).fill(0);
  return [...first, ...zeros, ...last];
}
