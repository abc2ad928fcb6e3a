import type { Alteracoes } from '../../shared/schemas/auditoria';

/**
 * What an audit row may hold of a person (issue 17): CPF, e-mail, phone and names masked so a reader can tell
 * that and roughly what changed without the trail becoming a second copy of the personal data; passwords and
 * tokens never. Masking goes by the field's name; every other text is scrubbed of anything that looks like an
 * e-mail, a CPF or a phone number, so a free text (a search typed into an export, a ticket's subject) carries
 * none either.
 */

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** `123.456.789-01` -> `***.***.*89-01`: the last four digits, as the Receita's own receipts show. */
export function mascararCpf(value: string): string {
  const d = digitsOf(value);
  if (d.length !== 11) return mascararDigitos(value);
  return `***.***.*${d.slice(7, 9)}-${d.slice(9)}`;
}

/** `joao.silva@gmail.com` -> `j***@g***.com`. */
export function mascararEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 1) return '***';
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld =
    dot > 0
      ? domain
          .slice(dot)
          .replace(/[^.a-z]/gi, '')
          .slice(0, 10)
      : '';
  return `${local[0]}***@${domain[0] ?? ''}***${tld}`;
}

/** `(11) 98765-4321` -> `(**) *****-4321`. */
export function mascararTelefone(value: string): string {
  const d = digitsOf(value);
  if (d.length < 8) return '***';
  return `(**) ${'*'.repeat(Math.max(4, d.length - 6))}-${d.slice(-4)}`;
}

/** `Maria da Silva` -> `M*** d*** S***`: enough to tell a name changed, not whose it is. */
export function mascararNome(value: string): string {
  return value
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${Array.from(word)[0]}***`)
    .join(' ');
}

/** Any other run of 8 or more digits (a document or phone typed into a text): only its last two digits. */
function mascararDigitos(value: string): string {
  const d = digitsOf(value);
  return `${'*'.repeat(Math.max(0, d.length - 2))}${d.slice(-2)}`;
}

const EMAIL_IN_TEXT = /[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+/g;
const DIGITS_IN_TEXT = /\+?\d[\d\s().\-/]*\d/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A free text without e-mails, CPFs and phone numbers: each replaced by its masked form. */
export function limparTexto(value: string): string {
  if (UUID.test(value)) return value;
  return value
    .replace(EMAIL_IN_TEXT, (email) => mascararEmail(email))
    .replace(DIGITS_IN_TEXT, (run) => {
      const digits = digitsOf(run).length;
      if (digits < 8 || ISO_DATE.test(run.trim())) return run;
      return digits === 11 && /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(run.trim())
        ? mascararCpf(run)
        : mascararDigitos(run);
    });
}

/** Never in an audit row, masked or not. */
const SECRET = /senha|password|token|hash|secret|cookie/i;
const NOME = new Set(['nome', 'nomeAluno', 'nomeResponsavel', 'repLegal', 'solicitanteNome']);
const EMAIL = new Set(['email', 'newEmail', 'novoEmail']);
const TELEFONE = new Set(['telefone', 'celular']);
/** Values of a known shape that hold nothing of a person: kept as they are. */
const KEEP =
  /^(id|ip|sessao|.*Id|.*Ids|cnpj|cep|estado|status|role|papel|produto|kit|prioridade|departamento|canal|resultado|motivoPerda|isActive|vagas|.*Em|.*At|data.*|hora.*)$/;

/** One field's value as an audit row may hold it. */
export function mascararCampo(campo: string, value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (campo === 'cpf' && typeof value === 'string') return mascararCpf(value);
  if (EMAIL.has(campo) && typeof value === 'string') return mascararEmail(value);
  if (TELEFONE.has(campo) && typeof value === 'string') return mascararTelefone(value);
  if (NOME.has(campo) && typeof value === 'string') return mascararNome(value);
  if (campo === 'endereco') return '***';
  if (campo === 'dataNascimento') return '****-**-**';
  if (KEEP.test(campo) && typeof value !== 'object') return value;
  return limparValor(value);
}

/** Every text inside a value scrubbed, every secret key dropped. */
export function limparValor(value: unknown): unknown {
  if (typeof value === 'string') return limparTexto(value);
  if (Array.isArray(value)) return value.map(limparValor);
  if (value && typeof value === 'object') return limparObjeto(value as Record<string, unknown>);
  return value;
}

/** An object's fields masked by name; secrets left out. */
export function limparObjeto(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [campo, v] of Object.entries(value)) {
    if (SECRET.test(campo) || v === undefined) continue;
    out[campo] = mascararCampo(campo, v);
  }
  return out;
}

/** Never compared: bookkeeping a reader does not need. */
const IGNORED = new Set(['id', 'createdAt', 'updatedAt', 'userId']);

/** A record's fields as compared: one level of nesting (the account under a company) lifted to the top. */
function flatten(value: object | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!value) return out;
  for (const [campo, v] of Object.entries(value)) {
    if (IGNORED.has(campo)) continue;
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
      for (const [inner, w] of Object.entries(v as Record<string, unknown>)) {
        if (!IGNORED.has(inner) && !(inner in out)) out[inner] = w;
      }
    } else {
      out[campo] = v instanceof Date ? v.toISOString() : v;
    }
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `{campo: [antes, depois]}` for the fields that differ, masked (issue 17). A creation is `antes` null; a field
 * both sides leave out is not listed. Undefined when nothing changed.
 */
export function alteracoesDe(antes: object | null | undefined, depois: object | null | undefined): Alteracoes | null {
  const a = flatten(antes);
  const b = flatten(depois);
  const out: Alteracoes = {};
  for (const campo of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (SECRET.test(campo) || same(a[campo], b[campo])) continue;
    out[campo] = [mascararCampo(campo, a[campo] ?? null), mascararCampo(campo, b[campo] ?? null)];
  }
  return Object.keys(out).length ? out : null;
}
