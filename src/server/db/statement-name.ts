import { createHash } from 'node:crypto';

/**
 * A short, stable name for a statement's text (PostgreSQL allows 63 bytes). PostgreSQL connections prepare each
 * parameterised statement under this name, and a failed query is logged by it, never by its bound values.
 */
export function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * Whether a statement is kept prepared on its connection, planned once and reused. A search is not: it compares a
 * column with a pattern (LIKE, ILIKE), and its best plan depends on how rare the pattern is. Nor is a comparison
 * with a list of keys passed as one array (`= any($1::uuid[])`), whose best plan depends on how many keys it holds.
 * Kept prepared, after five runs PostgreSQL may settle on one generic plan for every value -- the audit trail's
 * search for a name no one has walked all 500,000 rows of the network in date order (4.7 s) where its own plan
 * found none in 27 ms.
 */
export function keepsPlan(text: string): boolean {
  return !text.includes(PLANEJADA_A_CADA_CHAMADA) && !/\bi?like\b|\bany\(\$\d/i.test(text);
}

/**
 * The mark a statement's text carries when it is planned for its own values at every call
 * (`planejadaACadaChamada`, db/connect.ts): a report's aggregation, whose best plan depends on the period and the
 * node it is asked for. Kept prepared, after five calls PostgreSQL settled on a generic plan that guessed 133 of the
 * franqueador's 53,558 monthly rows and looked each one's event up by its key: Relatórios by estado over a year took
 * 208-245 ms where its own plan took 83 (ADR 144).
 */
export const PLANEJADA_A_CADA_CHAMADA = '/* planejada a cada chamada */ ';

/**
 * The hot statements (issue 41): each is given its name where it is written (`fixedStatement`'s `nome`), and is
 * prepared under that name on every connection -- decided by the name it was given, not by reading its text. Its
 * text is fixed, compiled once, and declared here as it is compiled: the text a connection is handed finds its name.
 */
const declaradas = new Map<string, string>();
const textoDoNome = new Map<string, string>();

/** Declares `texto` the statement named `nome` (lower case, digits and underscores): one text per name. */
export function declararNome(nome: string, texto: string): void {
  if (!/^[a-z][a-z0-9_]{0,50}$/.test(nome)) throw new Error(`statement name '${nome}': lower case, digits, _`);
  const anterior = textoDoNome.get(nome);
  if (anterior !== undefined && anterior !== texto) throw new Error(`statement name '${nome}' declared twice`);
  textoDoNome.set(nome, texto);
  declaradas.set(texto, `n_${nome}`);
}

/**
 * The name a statement's text is prepared under, or null for one planned every time: a hot statement's declared
 * name; else its text's (`statementName`), unless it is a search (`keepsPlan`). Worked out once per text -- a SHA-1
 * and a pattern test of a 2 KB statement on every request, otherwise. The app's statements are a bounded set; the
 * map is emptied should it ever grow past that.
 */
const porTexto = new Map<string, string | null>();
export function preparedName(text: string): string | null {
  const declarada = declaradas.get(text);
  if (declarada) return declarada;
  let name = porTexto.get(text);
  if (name === undefined) {
    name = keepsPlan(text) ? statementName(text) : null;
    if (porTexto.size >= 10_000) porTexto.clear();
    porTexto.set(text, name);
  }
  return name;
}
