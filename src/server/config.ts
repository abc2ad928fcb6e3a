import { resolve } from 'node:path';
import { z } from 'zod';
import { isValidCnpj, stripIdMask } from '../shared/brazil-ids';
import { formatCnpj, formatPhone, onlyDigits } from '../shared/format';
import { REDE_PADRAO, type RedeInfo } from '../shared/rede';
import { developmentOrigins } from './lib/dev-origins';

/**
 * The environment, parsed and validated once (DESIGN §3). A bad value stops the start with a message that
 * names the variable; nothing else in the server reads process.env.
 */
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'use 1/0, true/false or yes/no' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  // Issue 46: a PostgreSQL streaming replica that lists, searches, Relatórios and exports read from, and the replay
  // lag past which they read from the primary instead.
  DATABASE_REPLICA_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100 (milliseconds)')
    .max(3_600_000, 'must be at most 3600000 (one hour)')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_URL: url(['http:', 'https:']).optional(),
  FRANQUEADOR_EMAIL: z.email('must be an e-mail address').optional(),
  FRANQUEADOR_PASSWORD: z.string().min(6, 'must have at least 6 characters').optional(),
  FRANQUEADOR_NOME: z.string().min(1).optional(),
  DEMO_DATA: flag.optional(),
  DEMO_ATIVIDADE: flag.optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  CEP_API_URL: url(['http:', 'https:'])
    .refine((v) => v.includes('{cep}'), 'must contain {cep} where the 8 digits go')
    .default('https://viacep.com.br/ws/{cep}/json/'),
  COOKIE_SECURE: flag.optional(),
  TRUST_PROXY: z.string().min(1).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  RATE_LIMIT_LOGIN: z.coerce.number({ error: 'must be a whole number' }).int().min(1).optional(),
  RATE_LIMIT_FORGOT_PASSWORD: z.coerce.number({ error: 'must be a whole number' }).int().min(1).optional(),
  RATE_LIMIT_PUBLIC: z.coerce.number({ error: 'must be a whole number' }).int().min(1).optional(),
  RATE_LIMIT_LOGIN_ADDRESS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).optional(),
  RATE_LIMIT_LOGIN_ACCOUNT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).optional(),
  RATE_LIMIT_CONFLICTS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  AUDIT_RETENCAO_DIAS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(36_500).optional(),
  ATIVACAO_JANELA_DIAS: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(3650).optional(),
  RETENCAO_LEADS_MESES: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1200).optional(),
  REDE_RAZAO_SOCIAL: z.string().trim().min(3, 'must have at least 3 characters').max(200).optional(),
  REDE_CNPJ: z
    .string()
    .refine((v) => isValidCnpj(stripIdMask(v)), 'must be a valid CNPJ')
    .optional(),
  REDE_SUPORTE_EMAIL: z.email('must be an e-mail address').optional(),
  REDE_SUPORTE_TELEFONE: z
    .string()
    .refine((v) => [10, 11].includes(onlyDigits(v).length), 'must be a phone with its area code (10 or 11 digits)')
    .optional(),
  REQUEST_TIMEOUT_MS: z.coerce.number({ error: 'must be a whole number' }).int().min(100).optional(),
  CONNECTION_TIMEOUT_MS: z.coerce.number({ error: 'must be a whole number' }).int().min(100).optional(),
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).optional(),
  JOBS_WORKER: flag.optional(),
  JOBS_INTERVALO_MS: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(3_600_000).optional(),
  JOBS_ESPERA_BASE_MS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(3_600_000).optional(),
  JOBS_MAX_TENTATIVAS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(50).optional(),
  JOBS_DIARIAS: flag.optional(),
  JOBS_HORA_DIARIA: z.coerce.number({ error: 'must be a whole hour, 0 to 23' }).int().min(0).max(23).optional(),
  WEBHOOKS_PERMITIR_REDE_LOCAL: flag.optional(),
  WEBHOOKS_TIMEOUT_MS: z.coerce.number({ error: 'must be a whole number' }).int().min(100).max(60_000).optional(),
  EXPORTACAO_DIRETA_MAX: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000_000).optional(),
  IMPORTACAO_PAGINA_LINHAS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000).optional(),
  IMPORTACAO_PAUSA_FRACAO: z.coerce
    .number({ error: 'must be a number from 0 to 10' })
    .min(0, 'must be a number from 0 to 10')
    .max(10, 'must be a number from 0 to 10')
    .optional(),
  CANCELAMENTO_MULTA_MAX_PCT: z.coerce
    .number({ error: 'must be a whole number from 0 to 100' })
    .int('must be a whole number from 0 to 100')
    .min(0, 'must be a whole number from 0 to 100')
    .max(100, 'must be a whole number from 0 to 100')
    .optional(),
  // Issue 43 (ADR 071): the payment gateway.
  COBRANCA_PROVEDOR: z.enum(['asaas', 'simulado'], { error: 'use asaas or simulado' }).optional(),
  ASAAS_API_URL: url(['http:', 'https:']).optional(),
  ASAAS_API_KEY: z.string().min(1).optional(),
  ASAAS_WEBHOOK_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  // Issue 45 (ADR 089): the franqueador's wallet at the gateway, where a split sends royalties and fundo.
  ROYALTIES_WALLET_ID: z.string().trim().min(1).max(100).optional(),
  // Issue 47 (ADR 103): WhatsApp's Cloud API -- the Graph API's base (with its version), the system user's token, the
  // sending number's id, the app's secret (webhook signatures) and the token of the webhook's handshake.
  WHATSAPP_API_URL: url(['http:', 'https:']).optional(),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'must be the number id, digits only')
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(16, 'must have at least 16 characters').optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
});

const WHATSAPP_VARIAVEIS = [
  'WHATSAPP_API_URL',
  'WHATSAPP_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * A PostgreSQL streaming replica of DATABASE_URL (issue 46): lists, searches, Relatórios and exports read from it
   * while its replay lag stays within `maxLagMs` and the caller has no write it may not have replayed yet; null: one
   * database, as without it.
   */
  databaseReplica: { url: string; maxLagMs: number } | null;
  dataDir: string;
  appUrl: string;
  appOrigin: string;
  /**
   * Origins whose mutations are accepted: APP_URL's alone, and in development also the server's own addresses
   * (`developmentOrigins`), so the address the log prints works for signing in (issue 40).
   */
  allowedOrigins: ReadonlySet<string>;
  franqueador: { email: string; password: string; nome: string } | undefined;
  demoData: boolean;
  /** With the demo network, its year of activity too (ADR 052); `DEMO_ATIVIDADE=0` loads the network alone. */
  demoAtividade: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  cepApiUrl: string;
  cookieSecure: boolean;
  /** Passed to Fastify's trustProxy: true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string;
  redisUrl: string | undefined;
  /** Longest a client may take to send a whole request, headers and body (a trickled POST is cut off). */
  requestTimeoutMs: number;
  /** Days an audit row is kept before the daily purge removes it (issue 17). */
  auditRetencaoDias: number;
  /**
   * Days after an event during which its families may still activate the credit (issue 23): the card is handed
   * out at the event, so activation goes on after it. 0 keeps activation to today's and upcoming events.
   */
  ativacaoJanelaDias: number;
  /** Who runs the network: the public pages' footer (issue 23). */
  rede: RedeInfo;
  /** Months a lead without pre-matrícula or matrícula is kept before it is anonymised (issue 18). */
  retencaoLeadsMeses: number;
  /** Longest a connection may stay silent. */
  connectionTimeoutMs: number;
  logLevel: string;
  /** The bearer token that opens /metrics on the app's port (issue 22); without it, /metrics answers 404 there. */
  metricsToken: string | undefined;
  /** A separate port that serves /metrics alone, to anyone who reaches it (keep it off the public network). */
  metricsPort: number | undefined;
  /** The durable jobs (issue 22, ADR 028). */
  jobs: {
    /** Whether this instance runs jobs (JOBS_WORKER=0 leaves them to the others). */
    worker: boolean;
    /** How often the worker looks for due jobs; 0 only when something else drives it (the tests' drain). */
    intervaloMs: number;
    /** Wait before the second try, doubled for each later one. */
    esperaBaseMs: number;
    maxTentativas: number;
    /** Whether this instance's worker writes each day's daily jobs (ADR 065); off in tests, which run them by hand. */
    diarias: boolean;
    /** The hour (0-23, Brasília) the daily jobs of a day are due. */
    horaDiaria: number;
  };
  webhooks: {
    /** Deliveries to private, loopback and link-local addresses (tests only). */
    permitirRedeLocal: boolean;
    timeoutMs: number;
  };
  /** Rows up to which an export is a direct download; above, a job with progress. */
  exportacaoDiretaMax: number;
  /** Imports (issue 50, ADR 106). */
  importacao: {
    /**
     * Rows of a file read at a time by the import's job and its preview (IMPORTACAO_PAGINA_LINHAS, 500): at most a
     * page or two of the file in memory.
     */
    paginaLinhas: number;
    /**
     * The pause after each batch of the import's and the undo's jobs, as a fraction of the time the batch took
     * (IMPORTACAO_PAUSA_FRACAO, 0.5: half as long; 0 -- the tests' default -- none), capped per batch
     * (modules/importacoes/compasso.ts): room for the public sign-ups beside a large import.
     */
    pausaFracao: number;
  };
  /**
   * The highest cancellation fee a contract template may set, in % of the value still to pay (issue 42, ADR 064):
   * the network's cap, printed in every contract's required cancellation clause.
   */
  cancelamentoMultaMaxPct: number;
  /**
   * Cobrança (issue 43, ADR 071). `provedor`: the gateway the parcelas are billed through -- `simulado` by default
   * outside production (the demo bills with no account), `asaas` when configured; null in production without
   * COBRANCA_PROVEDOR: billing is off and an accepted contract bills nothing (the start logs it).
   */
  cobranca: {
    provedor: 'asaas' | 'simulado' | null;
    asaas: { url: string; apiKey: string } | null;
    /** What the gateway's webhook sends in `asaas-access-token`; without it every webhook answers 401. */
    webhookToken: string | undefined;
    /**
     * ADR 089: the franqueador's `walletId` a family's payment splits royalties and fundo to (ROYALTIES_WALLET_ID;
     * the simulated gateway has its own); null: the `split` mode is not available.
     */
    royaltiesWalletId: string | null;
  };
  /**
   * WhatsApp's Cloud API (issue 47, ADR 103): null when WHATSAPP_* is unset -- the channel is off and every notice
   * goes by e-mail, as before. All five are set together.
   */
  whatsapp: {
    apiUrl: string;
    token: string;
    phoneNumberId: string;
    appSecret: string;
    verifyToken: string;
  } | null;
  /** Rate limits per window (DESIGN §4.2): login per 15 min, forgot-password per hour, public POSTs per minute. */
  rateLimits: {
    loginMax: number;
    forgotPasswordMax: number;
    publicPostMax: number;
    /** Failed sign-ins per address in 15 minutes, whatever the accounts. */
    loginAddressFailures: number;
    /** Failed sign-ins per account in 15 minutes, from any address, before each try must wait longer. */
    loginAccountFailures: number;
    /** 409 answers (a taken e-mail or CNPJ) per account in 15 minutes before its writes wait. */
    conflicts: number;
  };
}

export class ConfigError extends Error {}

/** The port a URL reaches, its scheme's default when it names none. */
function urlPort(url: string): number {
  const u = new URL(url);
  return u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.FRANQUEADOR_EMAIL === undefined) !== (e.FRANQUEADOR_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  FRANQUEADOR_EMAIL and FRANQUEADOR_PASSWORD must be set together');
  }
  const demoData = e.DEMO_DATA ?? e.DATABASE_URL === undefined;
  if (demoData && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  DEMO_DATA: the demo network is refused when NODE_ENV=production');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT must differ from PORT');
  }
  if (e.DATABASE_REPLICA_URL !== undefined && e.DATABASE_URL === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URL: needs DATABASE_URL (the embedded database has no replicas)',
    );
  }
  if (e.DATABASE_REPLICA_MAX_LAG_MS !== undefined && e.DATABASE_REPLICA_URL === undefined) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_REPLICA_MAX_LAG_MS: needs DATABASE_REPLICA_URL');
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const provedor = e.COBRANCA_PROVEDOR ?? (e.NODE_ENV === 'production' ? null : 'simulado');
  if (provedor === 'simulado' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  COBRANCA_PROVEDOR: the simulated gateway is refused when NODE_ENV=production',
    );
  }
  const whatsappDados = WHATSAPP_VARIAVEIS.filter((k) => e[k] !== undefined);
  if (whatsappDados.length > 0 && whatsappDados.length < WHATSAPP_VARIAVEIS.length) {
    const faltam = WHATSAPP_VARIAVEIS.filter((k) => e[k] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n${faltam.map((k) => `  ${k}: required when any WHATSAPP_* is set`).join('\n')}`,
    );
  }
  if (provedor === 'asaas') {
    const faltam = (['ASAAS_API_URL', 'ASAAS_API_KEY', 'ASAAS_WEBHOOK_TOKEN'] as const).filter((k) => !e[k]);
    if (faltam.length) {
      throw new ConfigError(
        `Invalid configuration:\n${faltam.map((k) => `  ${k}: required when COBRANCA_PROVEDOR=asaas`).join('\n')}`,
      );
    }
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReplica: e.DATABASE_REPLICA_URL
      ? { url: e.DATABASE_REPLICA_URL, maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS ?? 10_000 }
      : null,
    dataDir: resolve(e.DATA_DIR),
    appUrl,
    appOrigin: new URL(appUrl).origin,
    allowedOrigins: new Set([
      new URL(appUrl).origin,
      ...(e.NODE_ENV === 'development' ? developmentOrigins([e.PORT, urlPort(appUrl)]) : []),
    ]),
    franqueador:
      e.FRANQUEADOR_EMAIL && e.FRANQUEADOR_PASSWORD
        ? { email: e.FRANQUEADOR_EMAIL, password: e.FRANQUEADOR_PASSWORD, nome: e.FRANQUEADOR_NOME ?? 'Franqueador' }
        : undefined,
    demoData,
    demoAtividade: e.DEMO_ATIVIDADE ?? true,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Rede Crédito Educacional <nao-responda@localhost>',
    cepApiUrl: e.CEP_API_URL,
    cookieSecure: e.COOKIE_SECURE ?? appUrl.startsWith('https:'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS ?? 30_000,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS ?? 120_000,
    auditRetencaoDias: e.AUDIT_RETENCAO_DIAS ?? 1825,
    ativacaoJanelaDias: e.ATIVACAO_JANELA_DIAS ?? 90,
    retencaoLeadsMeses: e.RETENCAO_LEADS_MESES ?? 24,
    rede: {
      razaoSocial: e.REDE_RAZAO_SOCIAL ?? REDE_PADRAO.razaoSocial,
      cnpj: e.REDE_CNPJ ? formatCnpj(stripIdMask(e.REDE_CNPJ)) : REDE_PADRAO.cnpj,
      suporteEmail: e.REDE_SUPORTE_EMAIL ?? REDE_PADRAO.suporteEmail,
      suporteTelefone: e.REDE_SUPORTE_TELEFONE ? formatPhone(onlyDigits(e.REDE_SUPORTE_TELEFONE)) : null,
    },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    jobs: {
      worker: e.JOBS_WORKER ?? true,
      intervaloMs: e.JOBS_INTERVALO_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
      esperaBaseMs: e.JOBS_ESPERA_BASE_MS ?? 30_000,
      maxTentativas: e.JOBS_MAX_TENTATIVAS ?? 6,
      diarias: e.JOBS_DIARIAS ?? e.NODE_ENV !== 'test',
      horaDiaria: e.JOBS_HORA_DIARIA ?? 3,
    },
    webhooks: {
      permitirRedeLocal: e.WEBHOOKS_PERMITIR_REDE_LOCAL ?? false,
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS ?? 10_000,
    },
    exportacaoDiretaMax: e.EXPORTACAO_DIRETA_MAX ?? 50_000,
    importacao: {
      paginaLinhas: e.IMPORTACAO_PAGINA_LINHAS ?? 500,
      pausaFracao: e.IMPORTACAO_PAUSA_FRACAO ?? (e.NODE_ENV === 'test' ? 0 : 0.5),
    },
    cancelamentoMultaMaxPct: e.CANCELAMENTO_MULTA_MAX_PCT ?? 10,
    cobranca: {
      provedor,
      asaas: provedor === 'asaas' ? { url: e.ASAAS_API_URL!, apiKey: e.ASAAS_API_KEY! } : null,
      webhookToken: e.ASAAS_WEBHOOK_TOKEN,
      royaltiesWalletId: e.ROYALTIES_WALLET_ID ?? (provedor === 'simulado' ? 'wallet_simulado_franqueador' : null),
    },
    whatsapp:
      whatsappDados.length === WHATSAPP_VARIAVEIS.length
        ? {
            apiUrl: e.WHATSAPP_API_URL!.replace(/\/+$/, ''),
            token: e.WHATSAPP_TOKEN!,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
            appSecret: e.WHATSAPP_APP_SECRET!,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
          }
        : null,
    rateLimits: {
      loginMax: e.RATE_LIMIT_LOGIN ?? 10,
      loginAddressFailures: e.RATE_LIMIT_LOGIN_ADDRESS ?? 100,
      loginAccountFailures: e.RATE_LIMIT_LOGIN_ACCOUNT ?? 20,
      conflicts: e.RATE_LIMIT_CONFLICTS ?? 30,
      forgotPasswordMax: e.RATE_LIMIT_FORGOT_PASSWORD ?? 5,
      publicPostMax: e.RATE_LIMIT_PUBLIC ?? 30,
    },
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '0' || value === 'false') return false;
  // A number is the count of proxies in front (safer than trusting every X-Forwarded-For hop).
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') return true;
  return value;
}
