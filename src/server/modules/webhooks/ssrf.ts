import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * No SSRF through webhooks (issue 22): a delivery never goes to a private, loopback, link-local, shared
 * (CGNAT), multicast or unspecified address, whatever the host name resolves to -- unless
 * WEBHOOKS_PERMITIR_REDE_LOCAL=1 (the tests' local receivers). The address checked is the one connected to.
 */
const bloqueados = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  bloqueados.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  bloqueados.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address is one a webhook may not reach. */
export function enderecoInterno(address: string): boolean {
  const v = isIP(address);
  if (v === 4) return bloqueados.check(address, 'ipv4');
  if (v === 6) {
    const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return bloqueados.check(mapped[1]!, 'ipv4');
    return bloqueados.check(address, 'ipv6');
  }
  return true;
}

/** The host of a URL as an address or a name (IPv6 without its brackets). */
export const hostDe = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Refused at once, before any DNS: a literal internal address, or a name that is one ('localhost'). */
export function hostInterno(url: URL): boolean {
  const host = hostDe(url).toLowerCase();
  if (isIP(host)) return enderecoInterno(host);
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local');
}

export class EnderecoRecusado extends Error {}

/** Resolves the host and answers the address to connect to; throws when any address it has is internal. */
export async function resolverSeguro(
  url: URL,
  permitirRedeLocal: boolean,
): Promise<{ address: string; family: number }> {
  const host = hostDe(url);
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  if (addresses.length === 0) throw new EnderecoRecusado('Endereço sem IP');
  if (!permitirRedeLocal && (hostInterno(url) || addresses.some((a) => enderecoInterno(a.address)))) {
    throw new EnderecoRecusado('Endereço de rede interna recusado (SSRF)');
  }
  return addresses[0]!;
}
