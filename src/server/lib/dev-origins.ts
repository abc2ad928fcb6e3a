import { networkInterfaces } from 'node:os';

/**
 * The origins a development server answers mutations from (issue 40): its own addresses as the log prints them --
 * loopback as `localhost`, `127.0.0.1` and `[::1]`, and each of the machine's network addresses, so a phone on the
 * same network can try the public pages -- on the server's port and on APP_URL's. Production and the tests allow
 * APP_URL's origin alone.
 */
export function developmentOrigins(ports: readonly number[], addresses = networkAddresses()): string[] {
  const hosts = ['localhost', '127.0.0.1', '[::1]', ...addresses.map(urlHost)];
  return [...new Set(ports)].flatMap((port) => hosts.map((host) => `http://${host}:${port}`));
}

/** The machine's own non-loopback addresses (IPv4 and IPv6 without link-local, which needs a zone id in a URL). */
export function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((i) => !i.internal && !(i.family === 'IPv6' && i.address.toLowerCase().startsWith('fe80:')))
    .map((i) => i.address);
}

/** An address as a URL's host: IPv6 in brackets. */
export function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}
