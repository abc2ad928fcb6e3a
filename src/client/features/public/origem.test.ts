import { beforeEach, describe, expect, it } from 'vitest';
import { origemDaVisita } from './origem';

describe('origemDaVisita (issue 48)', () => {
  beforeEach(() => sessionStorage.clear());

  it("reads the address's utm_* and v, the code in capitals, and keeps them for the next page", () => {
    expect(origemDaVisita('?utm_source=instagram&utm_medium=social&utm_campaign=volta&v=abcd2345&outro=x')).toEqual({
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'volta',
      vendedor: 'ABCD2345',
    });
    // The activation, opened without parameters, sends what the sign-up kept.
    expect(origemDaVisita('')).toEqual({
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'volta',
      vendedor: 'ABCD2345',
    });
  });

  it('lets a new link replace the origin kept, and sends nothing when there never was one', () => {
    expect(origemDaVisita('')).toBeUndefined();
    origemDaVisita('?utm_source=instagram');
    expect(origemDaVisita('?utm_source=google&utm_term=bolsa')).toEqual({ utmSource: 'google', utmTerm: 'bolsa' });
    expect(origemDaVisita('')).toEqual({ utmSource: 'google', utmTerm: 'bolsa' });
  });

  it('leaves out a malformed code and cuts a field at the server limit, so the form never fails for it', () => {
    const origem = origemDaVisita(`?v=abc&utm_content=${'x'.repeat(150)}&utm_term=%01%02`);
    expect(origem).toEqual({ utmContent: 'x'.repeat(100) });
  });
});
