import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The SSRF guard decides on the address connected to against an allow-list of global unicast (issue 39, item 8):
 * the IPv6 forms that reach an internal IPv4 address or a non-global range are refused, whether written in the
 * URL or answered by the DNS for a public-looking name.
 */

const resolved = vi.hoisted(() => ({ addresses: [] as { address: string; family: number }[] }));
vi.mock('node:dns/promises', () => ({ lookup: vi.fn(async () => resolved.addresses) }));

const { enderecoGlobal, enderecoInterno, hostInterno, resolverSeguro } = await import('./ssrf');

/** Not global unicast: every one of these is refused. */
const HOSTIS = [
  // IPv4
  '127.0.0.1',
  '10.0.0.1',
  '100.64.0.1',
  '169.254.169.254',
  '172.31.255.255',
  '192.168.1.1',
  '192.0.2.10',
  '198.18.0.1',
  '203.0.113.9',
  '224.0.0.1',
  '255.255.255.255',
  '0.0.0.0',
  // IPv4-mapped, in both spellings
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  // IPv4-compatible (deprecated) and SIIT
  '::127.0.0.1',
  '::7f00:1',
  '::ffff:0:127.0.0.1',
  '::ffff:0:a9fe:a9fe',
  // NAT64, 6to4, Teredo, documentation
  '64:ff9b::7f00:1',
  '64:ff9b:1::a00:1',
  '2002:7f00:1::1',
  '2002:c0a8:101::',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:db8::1',
  '3fff::1',
  // site-local (deprecated), unique local, link-local, multicast, loopback, unspecified, discard
  'fec0::1',
  'feff::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'ff02::1',
  '::1',
  '::',
  '100::1',
];

const GLOBAIS = ['8.8.8.8', '200.147.67.142', '2001:4860:4860::8888', '2606:4700:4700::1111', '::ffff:8.8.8.8'];

describe('the SSRF allow-list', () => {
  beforeEach(() => {
    resolved.addresses = [];
  });

  it.each(HOSTIS)('refuses %s as an address', (address) => {
    expect(enderecoGlobal(address)).toBe(false);
    expect(enderecoInterno(address)).toBe(true);
  });

  it.each(GLOBAIS)('allows the global unicast %s', (address) => {
    expect(enderecoInterno(address)).toBe(false);
  });

  it('refuses a URL written with any of them, before any DNS', () => {
    for (const address of HOSTIS) {
      const url = new URL(`http://${address.includes(':') ? `[${address}]` : address}:8080/x`);
      expect(hostInterno(url), address).toBe(true);
    }
  });

  it.each(HOSTIS.filter((a) => a.includes(':')))(
    'refuses a public-looking name the DNS answers with %s',
    async (address) => {
      resolved.addresses = [{ address, family: 6 }];
      await expect(resolverSeguro(new URL('https://hooks.exemplo.com.br/x'), false)).rejects.toThrow('SSRF');
    },
  );

  it('refuses a name when any of its addresses is internal, and says nothing of the address', async () => {
    resolved.addresses = [
      { address: '2001:4860:4860::8888', family: 6 },
      { address: '::ffff:0:a9fe:a9fe', family: 6 },
    ];
    const refused = await resolverSeguro(new URL('https://hooks.exemplo.com.br/x'), false).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).not.toMatch(/a9fe|169\.254|exemplo/);
  });

  it('connects to a global address the DNS answers', async () => {
    resolved.addresses = [{ address: '2001:4860:4860::8888', family: 6 }];
    await expect(resolverSeguro(new URL('https://hooks.exemplo.com.br/x'), false)).resolves.toEqual({
      address: '2001:4860:4860::8888',
      family: 6,
    });
  });
});
