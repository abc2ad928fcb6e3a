import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REDE_PADRAO } from '../../shared/rede';
import { renderPageShell } from './page-shell';

const TEMPLATE = readFileSync(new URL('../../client/index.html', import.meta.url), 'utf8');
const APP_URL = 'https://rede.example.com.br';

const metaOf = (html: string, attr: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('the page shell (issue 23)', () => {
  it.each([
    ['/credito-estudantil', 'Crédito Estudantil | Rede Crédito Educacional'],
    ['/credito-ativacao', 'Habilitação do Crédito Estudantil | Rede Crédito Educacional'],
    ['/privacidade', 'Aviso de Privacidade | Rede Crédito Educacional'],
    ['/meus-dados', 'Meus dados | Rede Crédito Educacional'],
  ])('gives %s its own title and the preview tags WhatsApp reads', (path, title) => {
    const html = renderPageShell(TEMPLATE, path, APP_URL, REDE_PADRAO);
    expect(html.match(/<title>([^<]*)<\/title>/)?.[1]).toBe(title);
    expect(metaOf(html, 'property', 'og:title')).toBe(title);
    expect(metaOf(html, 'property', 'og:description')?.length).toBeGreaterThan(40);
    expect(metaOf(html, 'name', 'description')).toBe(metaOf(html, 'property', 'og:description'));
    expect(metaOf(html, 'property', 'og:url')).toBe(`${APP_URL}${path}`);
    expect(metaOf(html, 'property', 'og:image')).toBe(`${APP_URL}/og-image.jpg`);
    expect(metaOf(html, 'property', 'og:locale')).toBe('pt_BR');
    expect(metaOf(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain('name="robots"');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("never puts a voucher's token or a declaration's code in the preview, and keeps them from search engines", () => {
    for (const path of ['/voucher/tok3n-secreto', '/declaracao/ABCD1234']) {
      const html = renderPageShell(TEMPLATE, path, APP_URL, REDE_PADRAO);
      expect(html).not.toMatch(/tok3n-secreto|ABCD1234/);
      expect(metaOf(html, 'name', 'robots')).toBe('noindex');
    }
  });

  it("writes the network's data for the footer as JSON nothing can break out of, and no inline script", () => {
    const rede = { ...REDE_PADRAO, razaoSocial: 'Escola "/><script>alert(1)</script> Ltda.' };
    const html = renderPageShell(TEMPLATE, '/credito-estudantil', APP_URL, rede);
    const content = metaOf(html, 'name', 'rede-info');
    const unescaped = content!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(unescaped)).toEqual(rede);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('keeps the general title on the staff addresses', () => {
    const html = renderPageShell(TEMPLATE, '/clientes', APP_URL, REDE_PADRAO);
    expect(html.match(/<title>([^<]*)<\/title>/)?.[1]).toBe('Rede Crédito Educacional');
    expect(html).toContain('name="rede-info"');
  });
});
