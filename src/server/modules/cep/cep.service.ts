import { CEP_MESSAGES, type CepResult } from '../../../shared/schemas/cep';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';

/**
 * The postal-code look-up (DESIGN §4.3) against a viaCEP-style service: `{localidade, uf}` (and `logradouro`,
 * `bairro`, which an event's address takes: issue 51) on a hit,
 * `{erro: true}` for an unknown code. Answers are cached in memory (bounded, oldest out first), so a form
 * that looks the same code up again never waits on the service.
 */

export const CEP_TIMEOUT_MS = 5000;
const CACHE_MAX_ENTRIES = 1000;
const HIT_TTL_MS = 24 * 60 * 60 * 1000;
/** An unknown code may be registered later; it is asked again sooner. */
const MISS_TTL_MS = 60 * 60 * 1000;

interface CacheEntry {
  result: CepResult | null;
  expiresAt: number;
}

interface ViaCepAnswer {
  logradouro?: unknown;
  bairro?: unknown;
  localidade?: unknown;
  uf?: unknown;
  erro?: unknown;
}

export class CepService {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly urlTemplate: string,
    private readonly clock: Clock,
    /** Told why the service could not be used (the client only reads the 502's sentence). */
    private readonly onServiceError: (error: unknown) => void = () => undefined,
    private readonly timeoutMs = CEP_TIMEOUT_MS,
  ) {}

  /** `cep` is 8 digits. Throws 404 (unknown code) or 502 (service down, slow or answering nonsense). */
  async lookup(cep: string): Promise<CepResult> {
    const now = this.clock.now().getTime();
    const cached = this.cache.get(cep);
    if (cached && cached.expiresAt > now) return found(cached.result);
    const result = await this.fetchCep(cep);
    this.remember(cep, { result, expiresAt: now + (result ? HIT_TTL_MS : MISS_TTL_MS) });
    return found(result);
  }

  private async fetchCep(cep: string): Promise<CepResult | null> {
    let answer: ViaCepAnswer;
    try {
      const response = await fetch(this.urlTemplate.replace('{cep}', cep), {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`CEP service answered ${response.status}`);
      answer = (await response.json()) as ViaCepAnswer;
    } catch (error) {
      this.onServiceError(error);
      throw new HttpError(502, CEP_MESSAGES.unavailable);
    }
    if (answer.erro === true || answer.erro === 'true') return null;
    const cidade = typeof answer.localidade === 'string' ? answer.localidade.trim() : '';
    const estado = typeof answer.uf === 'string' ? answer.uf.trim().toUpperCase() : '';
    if (!cidade || !/^[A-Z]{2}$/.test(estado)) {
      this.onServiceError(new Error('CEP service answered without localidade/uf'));
      throw new HttpError(502, CEP_MESSAGES.unavailable);
    }
    const texto = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    return { cep, cidade, estado, logradouro: texto(answer.logradouro), bairro: texto(answer.bairro) };
  }

  private remember(cep: string, entry: CacheEntry): void {
    this.cache.delete(cep);
    this.cache.set(cep, entry);
    if (this.cache.size > CACHE_MAX_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}

function found(result: CepResult | null): CepResult {
  if (!result) throw new HttpError(404, CEP_MESSAGES.notFound);
  return result;
}
