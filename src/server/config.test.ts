import { describe, expect, it } from 'vitest';
import { developmentOrigins, networkAddresses, urlHost } from './lib/dev-origins';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has DESIGN §3 defaults: port 5000, embedded database with the demo network', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      appUrl: 'http://localhost:5000',
      demoData: true,
      cookieSecure: false,
      trustProxy: false,
      cepApiUrl: 'https://viacep.com.br/ws/{cep}/json/',
      auditRetencaoDias: 1825,
      ativacaoJanelaDias: 90,
      retencaoLeadsMeses: 24,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('keeps /metrics closed by default, and takes a long METRICS_TOKEN and a METRICS_PORT apart from PORT', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, metricsPort: undefined });
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16), METRICS_PORT: '9464' })).toMatchObject({
      metricsToken: 'a'.repeat(16),
      metricsPort: 9464,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'curto' })).toThrow(/METRICS_TOKEN: must have at least 16 characters/);
    expect(() => loadConfig({ PORT: '5000', METRICS_PORT: '5000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'prometheus' })).toThrow(/METRICS_PORT: must be a port number/);
  });

  it("paces the import's jobs by default (a pause half as long as each batch), not in tests, and reads their pages (issue 50)", () => {
    expect(loadConfig({}).importacao).toEqual({ paginaLinhas: 500, pausaFracao: 0.5 });
    expect(loadConfig({ NODE_ENV: 'test' }).importacao.pausaFracao).toBe(0);
    expect(loadConfig({ IMPORTACAO_PAUSA_FRACAO: '1', IMPORTACAO_PAGINA_LINHAS: '100' }).importacao).toEqual({
      paginaLinhas: 100,
      pausaFracao: 1,
    });
    expect(() => loadConfig({ IMPORTACAO_PAUSA_FRACAO: '-1' })).toThrow(/IMPORTACAO_PAUSA_FRACAO: must be a number/);
    expect(() => loadConfig({ IMPORTACAO_PAGINA_LINHAS: '0' })).toThrow(/IMPORTACAO_PAGINA_LINHAS/);
  });

  it("reads the network's company, CNPJ and support contact for the public pages' footer (issue 23)", () => {
    expect(loadConfig({}).rede).toEqual({
      razaoSocial: 'Rede Crédito Educacional Ltda.',
      cnpj: '11.222.333/0001-81',
      suporteEmail: 'suporte@exemplo.com.br',
      suporteTelefone: null,
    });
    expect(
      loadConfig({
        REDE_RAZAO_SOCIAL: 'Educa Franquias S.A.',
        REDE_CNPJ: '11222333000181',
        REDE_SUPORTE_EMAIL: 'ajuda@educa.com.br',
        REDE_SUPORTE_TELEFONE: '1140028922',
      }).rede,
    ).toEqual({
      razaoSocial: 'Educa Franquias S.A.',
      cnpj: '11.222.333/0001-81',
      suporteEmail: 'ajuda@educa.com.br',
      suporteTelefone: '(11) 4002-8922',
    });
    expect(() => loadConfig({ REDE_CNPJ: '11.222.333/0001-82' })).toThrow(/REDE_CNPJ/);
    expect(() => loadConfig({ REDE_SUPORTE_TELEFONE: '4002-8922' })).toThrow(/REDE_SUPORTE_TELEFONE/);
  });

  it('turns the demo network off by default on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).demoData).toBe(false);
  });

  it('takes a read replica only beside DATABASE_URL, with a 10 s lag threshold by default (issue 46)', () => {
    const primary = 'postgres://app@db-1:5432/rede';
    expect(loadConfig({ DATABASE_URL: primary }).databaseReplica).toBeNull();
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'postgres://app@db-2:5432/rede' })).toMatchObject({
      databaseReplica: { url: 'postgres://app@db-2:5432/rede', maxLagMs: 10_000 },
    });
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URL: 'postgresql://app@db-2/rede',
        DATABASE_REPLICA_MAX_LAG_MS: '2500',
      }).databaseReplica,
    ).toEqual({ url: 'postgresql://app@db-2/rede', maxLagMs: 2500 });
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://app@db-2:5432/rede' })).toThrow(
      /DATABASE_REPLICA_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'mysql://db-2/rede' })).toThrow(
      /DATABASE_REPLICA_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\//,
    );
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_MAX_LAG_MS: '5000' })).toThrow(
      /DATABASE_REPLICA_MAX_LAG_MS: needs DATABASE_REPLICA_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: primary, DATABASE_REPLICA_MAX_LAG_MS: '10s' }),
    ).toThrow(/DATABASE_REPLICA_MAX_LAG_MS: must be a whole number of milliseconds/);
    expect(() =>
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: primary, DATABASE_REPLICA_MAX_LAG_MS: '10' }),
    ).toThrow(/DATABASE_REPLICA_MAX_LAG_MS: must be at least 100/);
  });

  it('derives the Secure cookie flag from an https APP_URL', () => {
    expect(loadConfig({ APP_URL: 'https://rede.example.com/' })).toMatchObject({
      cookieSecure: true,
      appUrl: 'https://rede.example.com',
      appOrigin: 'https://rede.example.com',
    });
  });

  it('allows, in development, the addresses the server prints; in production and tests APP_URL alone (issue 40)', () => {
    const dev = loadConfig({ PORT: '5000' }).allowedOrigins;
    for (const origin of ['http://localhost:5000', 'http://127.0.0.1:5000', 'http://[::1]:5000']) {
      expect(dev.has(origin)).toBe(true);
    }
    for (const address of networkAddresses()) {
      expect(dev.has(`http://${urlHost(address)}:5000`)).toBe(true);
    }
    expect(dev.has('http://localhost:5001')).toBe(false);
    expect(dev.has('https://evil.example')).toBe(false);
    const production = { NODE_ENV: 'production', DEMO_DATA: '0', APP_URL: 'https://rede.example.com' };
    expect([...loadConfig(production).allowedOrigins]).toEqual(['https://rede.example.com']);
    expect([...loadConfig({ NODE_ENV: 'test' }).allowedOrigins]).toEqual(['http://localhost:5000']);
  });

  it('names a network address as a URL host, IPv6 in brackets', () => {
    expect(developmentOrigins([5000, 5000], ['192.168.0.12', 'fd00::1'])).toEqual([
      'http://localhost:5000',
      'http://127.0.0.1:5000',
      'http://[::1]:5000',
      'http://192.168.0.12:5000',
      'http://[fd00::1]:5000',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_URL: 'localhost:5000' }, 'APP_URL'],
    [{ CEP_API_URL: 'https://cep.example/ws/' }, 'CEP_API_URL'],
    [{ DEMO_DATA: 'talvez' }, 'DEMO_DATA'],
    [{ AUDIT_RETENCAO_DIAS: '0' }, 'AUDIT_RETENCAO_DIAS'],
    [{ ATIVACAO_JANELA_DIAS: '-1' }, 'ATIVACAO_JANELA_DIAS'],
    [{ FRANQUEADOR_EMAIL: 'a@b.co' }, 'FRANQUEADOR_EMAIL and FRANQUEADOR_PASSWORD'],
    [{ FRANQUEADOR_EMAIL: 'a@b.co', FRANQUEADOR_PASSWORD: '123' }, 'FRANQUEADOR_PASSWORD'],
    [{ NODE_ENV: 'production', DEMO_DATA: '1' }, 'DEMO_DATA'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('reads TRUST_PROXY as a hop count, a flag or an address list', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(5000);
  });
});
