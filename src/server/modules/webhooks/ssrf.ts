import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * No SSRF through webhooks (issues 22, 39): a delivery goes only to a global unicast address, whatever the host
 * name resolves to -- unless WEBHOOKS_PERMITIR_REDE_LOCAL=1 (the tests' local receivers). The decision is an
 * allow-list, not a list of ranges to refuse: IPv6 is allowed only inside 2000::/3 (less the blocks within it
 * that are not global, or that carry an IPv4 address a gateway would reach: 6to4, Teredo, documentation), and an
 * IPv4 address -- written as one, or mapped into IPv6 as ::ffff:a.b.c.d, the one IPv6 form a socket connects to
 * as IPv4 -- only outside IANA's special-purpose blocks. Every other IPv6 form (::a.b.c.d, ::ffff:0:a.b.c.d,
 * 64:ff9b::, fec0::/10, fc00::/7 ...) is refused. The address checked is the one connected to, and a delivery
 * follows no redirect (a 3xx is a failed try): no hop reaches an address that was not checked.
 */

/** An IPv4 address as its 4 octets, or null. */
function octetos4(address: string): number[] | null {
  if (isIP(address) !== 4) return null;
  return address.split('.').map(Number);
}

/** An IPv6 address as its 16 octets (an embedded dotted quad included), or null. */
export function octetos6(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = octetos4(quad[1]!)!;
    text = `${text.slice(0, -quad[1]!.length)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) return null;
  return groups.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

/** Whether `octets` start with the `prefix` bits of `net`. */
function dentro(octets: number[], net: number[], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    if ((octets[bit >> 3]! & mask) !== (net[bit >> 3]! & mask)) return false;
  }
  return true;
}

/** IANA's IPv4 special-purpose blocks that are not globally reachable (RFC 6890 and after). */
const IPV4_NAO_GLOBAIS: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** The blocks inside 2000::/3 that are not global unicast, or that reach IPv4 through a gateway. */
const IPV6_NAO_GLOBAIS: [string, number][] = [
  // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID, AMT ...
  ['2001::', 23],
  ['2001:db8::', 32],
  // 6to4: an IPv4 address behind a relay.
  ['2002::', 16],
  ['3fff::', 20],
];

function ipv4Global(octets: number[]): boolean {
  return !IPV4_NAO_GLOBAIS.some(([net, prefix]) => dentro(octets, octetos4(net)!, prefix));
}

/** Whether an IP address is a global unicast one, the only kind a webhook may reach. */
export function enderecoGlobal(address: string): boolean {
  const v4 = octetos4(address);
  if (v4) return ipv4Global(v4);
  const v6 = octetos6(address);
  if (!v6) return false;
  // ::ffff:a.b.c.d: a dual-stack socket connects to a.b.c.d itself.
  if (dentro(v6, octetos6('::ffff:0:0')!, 96)) return ipv4Global(v6.slice(12));
  if (!dentro(v6, octetos6('2000::')!, 3)) return false;
  return !IPV6_NAO_GLOBAIS.some(([net, prefix]) => dentro(v6, octetos6(net)!, prefix));
}

/** Whether an IP address is one a webhook may not reach (anything not global unicast). */
export const enderecoInterno = (address: string): boolean => !enderecoGlobal(address);

/** The host of a URL as an address or a name (IPv6 without its brackets). */
export const hostDe = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Refused at once, before any DNS: a literal internal address, or a name that is one ('localhost'). */
export function hostInterno(url: URL): boolean {
  const host = hostDe(url).toLowerCase().replace(/\.$/, '');
  if (isIP(host)) return enderecoInterno(host);
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local');
}

/** An address refused: its message names neither the host nor the address (the staff read it on Envios). */
export class EnderecoRecusado extends Error {}

/** Resolves the host and answers the address to connect to; throws when any address it has is not global. */
export async function resolverSeguro(
  url: URL,
  permitirRedeLocal: boolean,
): Promise<{ address: string; family: number }> {
  const host = hostDe(url);
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  if (addresses.length === 0) throw new EnderecoRecusado('Sem resposta: endereço não encontrado');
  if (!permitirRedeLocal && (hostInterno(url) || addresses.some((a) => enderecoInterno(a.address)))) {
    throw new EnderecoRecusado('Endereço de rede interna recusado (SSRF)');
  }
  return addresses[0]!;
}
