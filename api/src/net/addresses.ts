/**
 * Which hosts and addresses the server may send to on a user's behalf (push endpoints, CONTRACT.md §7;
 * issue 23). Pure functions, no I/O: services/push.ts resolves the name and asks these.
 *
 * - `publicHostProblem(hostname)`: a push endpoint's host must be a public DNS name — never an IP
 *   literal (in any form: dotted, decimal `2130706433`, hex `0x7f.1`, octal, IPv6 in brackets), never a
 *   name with a trailing dot (`localhost.`), a single label, or a special-use or local name (localhost,
 *   *.local, *.internal, *.home.arpa, *.test …).
 * - `isPublicAddress(ip)`: an address the name resolved to is usable only outside loopback, private,
 *   link-local (with the 169.254.169.254 cloud metadata service), CGNAT (with 100.100.100.200), multicast,
 *   unspecified, broadcast, documentation, benchmarking and other reserved ranges — IPv4, IPv6, and IPv6
 *   forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64
 *   64:ff9b::/96, 6to4 2002::/16), judged by the IPv4 address inside.
 */
import { isIPv4, isIPv6 } from 'node:net';

/**
 * An IPv4 address written as inet_aton reads it — 1 to 4 parts, each decimal, octal (leading 0) or hex
 * (0x): `127.0.0.1`, `2130706433`, `0x7f000001`, `0x7f.1`, `0177.0.0.1`, `127.1` — as 4 bytes, or null.
 */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) value = Number(part);
    else return null;
    if (!Number.isSafeInteger(value)) return null;
    values.push(value);
  }
  const last = values.pop() as number;
  if (values.some((v) => v > 255)) return null;
  if (last >= 256 ** (4 - values.length)) return null;
  const bytes = [...values];
  for (let i = 3 - values.length; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes;
}

/** An IPv6 address (`::1`, `fe80::1%eth0`, `::ffff:127.0.0.1`, with or without brackets) as 16 bytes, or null. */
export function parseIPv6(text: string): number[] | null {
  let t = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  t = t.replace(/%.*$/, ''); // a zone id says nothing about the address
  if (!isIPv6(t)) return null;
  let tail: number[] = [];
  const lastColon = t.lastIndexOf(':');
  const dotted = t.slice(lastColon + 1);
  if (dotted.includes('.')) {
    const v4 = isIPv4(dotted) ? dotted.split('.').map(Number) : null;
    if (!v4) return null;
    tail = v4;
    t = `${t.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = t.includes('::') ? t.split('::') : [t, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').filter((g) => g !== '') : []);
  const left = groups(head);
  const right = groups(rest);
  const missing = 8 - left.length - right.length;
  const all = rest === undefined ? left : [...left, ...Array(missing).fill('0'), ...right];
  if (all.length !== 8) return null;
  const bytes = all.flatMap((g) => {
    const v = Number.parseInt(g, 16);
    return [v >> 8, v & 255];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

type Range = [bytes: number[], prefixLength: number];

const v4 = (text: string, length: number): Range => [parseIPv4(text) as number[], length];
const v6 = (text: string, length: number): Range => [parseIPv6(text) as number[], length];

/** IPv4 ranges that are not the public internet (IANA special-purpose registry, and what clouds use). */
const BLOCKED_V4: Range[] = [
  v4('0.0.0.0', 8), // "this network", the unspecified address
  v4('10.0.0.0', 8), // private
  v4('100.64.0.0', 10), // CGNAT (also 100.100.100.200, a cloud metadata service)
  v4('127.0.0.0', 8), // loopback
  v4('169.254.0.0', 16), // link-local (169.254.169.254: cloud metadata)
  v4('172.16.0.0', 12), // private
  v4('192.0.0.0', 24), // IETF protocol assignments (192.0.0.192: a cloud metadata service)
  v4('192.0.2.0', 24), // documentation
  v4('192.88.99.0', 24), // 6to4 relay anycast
  v4('192.168.0.0', 16), // private
  v4('198.18.0.0', 15), // benchmarking
  v4('198.51.100.0', 24), // documentation
  v4('203.0.113.0', 24), // documentation
  v4('224.0.0.0', 4), // multicast
  v4('240.0.0.0', 4), // reserved, and 255.255.255.255 broadcast
];

/** IPv6 ranges that are not the public internet; the forms that carry an IPv4 address are judged by it. */
const BLOCKED_V6: Range[] = [
  v6('::', 128), // unspecified
  v6('::1', 128), // loopback
  v6('64:ff9b:1::', 48), // local-use NAT64
  v6('100::', 64), // discard-only
  v6('2001::', 23), // IETF protocol assignments (Teredo, benchmarking, ORCHID …)
  v6('2001:db8::', 32), // documentation
  v6('3fff::', 20), // documentation
  v6('5f00::', 16), // segment routing SIDs
  v6('fc00::', 7), // unique local (fd00:ec2::254: a cloud metadata service)
  v6('fe80::', 10), // link-local
  v6('fec0::', 10), // site-local (deprecated)
  v6('ff00::', 8), // multicast
];

function inRange(bytes: number[], [base, length]: Range): boolean {
  for (let bit = 0; bit < length; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== (base[byte]! & mask)) return false;
  }
  return true;
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64 well-known prefix, 6to4), or null. */
function embeddedIPv4(bytes: number[]): number[] | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12); // ::ffff:a.b.c.d
  if (zeros(0, 12)) return bytes.slice(12); // ::a.b.c.d (deprecated "compatible"); :: and ::1 are ranges above
  if (inRange(bytes, v6('64:ff9b::', 96))) return bytes.slice(12); // NAT64
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6); // 6to4 2002:aabb:ccdd::/48
  return null;
}

/** Whether the server may connect to this address for a user (see the module's comment). Not an address: false. */
export function isPublicAddress(ip: string): boolean {
  const four = isIPv4(ip) || /^[0-9a-fx.]+$/i.test(ip) ? parseIPv4(ip) : null;
  if (four) return !BLOCKED_V4.some((r) => inRange(four, r));
  const six = parseIPv6(ip);
  if (!six) return false;
  if (BLOCKED_V6.some((r) => inRange(six, r))) return false;
  const inner = embeddedIPv4(six);
  if (inner) return !BLOCKED_V4.some((r) => inRange(inner, r));
  return true;
}

/** Names that never reach the public internet (RFC 6761, 6762, 8375 and common local suffixes). */
const LOCAL_NAMES = ['localhost', 'local', 'localdomain', 'internal', 'intranet', 'lan', 'home', 'corp', 'private'];
const SPECIAL_USE = ['test', 'invalid', 'example', 'onion', 'alt', 'home.arpa', 'in-addr.arpa', 'ip6.arpa'];

export type HostProblem = 'ip_literal' | 'trailing_dot' | 'not_a_public_name';

/**
 * Why this URL host (as `new URL(…).hostname` gives it, lower-cased) is not a public DNS name, or null
 * when it is one.
 */
export function publicHostProblem(hostname: string): HostProblem | null {
  const host = hostname.toLowerCase();
  if (host.startsWith('[') || host.includes(':')) return 'ip_literal';
  if (host.endsWith('.')) return 'trailing_dot';
  if (parseIPv4(host)) return 'ip_literal';
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((l) => l === '')) return 'not_a_public_name';
  const top = labels[labels.length - 1]!;
  // a last label of digits (or 0x…) makes the URL parser read the host as an IPv4 address
  if (/^(\d+|0x[0-9a-f]*)$/.test(top)) return 'ip_literal';
  if (LOCAL_NAMES.includes(top)) return 'not_a_public_name';
  if (SPECIAL_USE.some((s) => host === s || host.endsWith(`.${s}`))) return 'not_a_public_name';
  return null;
}
