import { todayInBrasilia } from '../../../shared/brasilia';
import { periodoAberto, periodoDe } from '../../../shared/comissoes/lancamentos';
import {
  BENEFICIARIOS,
  type Beneficiario,
  type RegraAlcance,
  comissaoPercentual,
  regraAplicavel,
} from '../../../shared/comissoes/regras';
import type { Executor } from '../../db/connect';
import {
  type EntradaDaComissao,
  type NovoLancamento,
  type RegraDoLedger,
  creditosSemEstorno,
  inserirLancamentos,
  linhasDasParcelas,
  parcelasParaComissao,
  periodosFechados,
  regrasEFechados,
  travarRede,
} from './lancamentos.repository';

/**
 * The commission ledger's writes (issue 44, ADR 082), called by billing in the transaction that changes the parcela:
 * `lancarComissoes` when it becomes paid (the webhook, a simulated payment, the reconciliation, a baixa manual),
 * `estornarComissoes` when a paid one is refunded (the gateway's refund or chargeback, a withdrawal, a refund at the
 * school). Lines are only ever added: a reversal is a new negative line, a late event lands in the next open month.
 */

type Regra = RegraDoLedger;
const alcance = (r: Regra): Regra & RegraAlcance => ({ ...r, beneficiario: r.beneficiario as Beneficiario });

/** The amount a rule gives for a parcela: a percentage of its value, or the fixed amount on the first paid one. */
export function valorDaRegra(
  regra: Pick<Regra, 'tipo' | 'percentualCentesimos' | 'valorCentavos'>,
  valorCentavos: number,
  primeiraPaga: boolean,
): number {
  if (regra.tipo === 'percentual') return comissaoPercentual(valorCentavos, regra.percentualCentesimos ?? 0);
  return primeiraPaga ? (regra.valorCentavos ?? 0) : 0;
}

/** Where a line landing in `periodo` goes: that month, or the next one no closing holds for this subtree. */
async function periodoParaLinha(tx: Executor, franqueadorId: string, franquiaId: string | null, periodo: string) {
  return periodoAberto(periodo, await periodosFechados(tx, franqueadorId, franquiaId, periodo));
}

/**
 * The credit lines of a parcela just paid: for each beneficiary (the lead's vendedor, the event's micro-franquia, the
 * franquia), the most specific rule in force on the day it was paid (ADR 081). Written once per parcela and
 * beneficiary; a fixed amount once per matrícula. Answers how many lines it wrote.
 */
export function lancarComissoes(tx: Executor, parcelaId: string, now: Date = new Date()): Promise<number> {
  return lancarComissoesDe(tx, [parcelaId], now);
}

type Linha = Awaited<ReturnType<typeof linhasDasParcelas>>[number];

/**
 * ADR 093: a parcela paid again after a chargeback (the dispute won) gets its last round's credits back, as new
 * lines of the next round, in the month the dispute was won (or the next open one) -- the same centavos, never
 * recomputed. A parcela whose last round was not reversed is paid already: nothing.
 */
function creditosDeVolta(existentes: Linha[], periodo: string, hoje: string): NovoLancamento[] {
  const ciclo = Math.max(...existentes.map((e) => e.ciclo));
  const daRodada = existentes.filter((e) => e.ciclo === ciclo);
  if (!daRodada.some((e) => e.tipo === 'estorno')) return [];
  return daRodada
    .filter((e) => e.tipo === 'credito')
    .map(({ id: _id, createdAt: _createdAt, ...c }) => ({ ...c, ciclo: ciclo + 1, periodo, ocorridoEm: hoje }));
}

/**
 * `lancarComissoes` for many parcelas at once (the demo's year): the same rules, each branch's rules and closed
 * months read once, the lines written in batches. A payment's own is three statements: its parcela (locking its
 * network), its branch's rules and closed months, the lines.
 */
export async function lancarComissoesDe(
  tx: Executor,
  parcelaIds: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  const pagas = [];
  const existentes = new Map<string, Linha[]>();
  for (let i = 0; i < parcelaIds.length; i += LOTE) {
    const lidas = await parcelasParaComissao(tx, parcelaIds.slice(i, i + LOTE));
    pagas.push(...lidas.filter((p) => p.status === 'paga' && p.pagaEm && p.tipo === 'mensalidade' && p.franqueadorId));
    const comLinhas = lidas.filter((p) => p.temLinhas).map((p) => p.id);
    for (const linha of await linhasDasParcelas(tx, comLinhas)) {
      existentes.set(linha.parcelaId, [...(existentes.get(linha.parcelaId) ?? []), linha]);
    }
  }
  const hoje = todayInBrasilia(now);
  const porRamo = new Map<string, { regras: (Regra & RegraAlcance)[]; fechados: Set<string> }>();
  const linhas: NovoLancamento[] = [];
  for (const p of pagas) {
    const franqueadorId = p.franqueadorId!;
    const pagaEm = p.pagaEm!;
    const ramo = `${franqueadorId}:${p.franquiaId ?? ''}`;
    let doRamo = porRamo.get(ramo);
    if (!doRamo) {
      const lidos = await regrasEFechados(tx, franqueadorId, p.franquiaId);
      doRamo = { regras: lidos.regras.map(alcance), fechados: lidos.fechados };
      porRamo.set(ramo, doRamo);
    }
    const { regras, fechados } = doRamo;
    if (regras.length === 0) continue;
    const jaTem = existentes.get(p.id);
    if (jaTem?.length) {
      linhas.push(...creditosDeVolta(jaTem, periodoAberto(periodoDe(hoje), fechados), hoje));
      continue;
    }
    linhas.push(
      ...creditosNovos({ ...p, franqueadorId, pagaEm, primeiraPaga: Boolean(p.primeiraPaga) }, regras, fechados),
    );
  }
  let escritas = 0;
  for (let i = 0; i < linhas.length; i += LOTE) escritas += await inserirLancamentos(tx, linhas.slice(i, i + LOTE));
  return escritas;
}

/** What a parcela's first credits are computed from. */
interface ParcelaACreditar {
  id: string;
  matriculaId: string;
  cursoId: string | null;
  valorCentavos: number;
  pagaEm: string;
  franqueadorId: string;
  franquiaId: string | null;
  microFranquiaId: string | null;
  vendedorId: string | null;
  /** The lead's vendedor responsável, else the event's vendedor. */
  vendedorResponsavelId: string | null;
  /** No other parcela of its plan was paid before it (the fixed amount is paid on the first). */
  primeiraPaga: boolean;
}

/**
 * The credit lines of a parcela paid for the first time: for each beneficiary, the most specific rule in force on
 * the day it was paid (ADR 081), in that month or the next open one.
 */
function creditosNovos(
  p: ParcelaACreditar,
  regras: readonly (Regra & RegraAlcance)[],
  fechados: ReadonlySet<string>,
): NovoLancamento[] {
  const periodo = periodoAberto(periodoDe(p.pagaEm), fechados);
  const quem: Record<Beneficiario, string | null> = {
    vendedor: p.vendedorResponsavelId,
    micro_franquia: p.microFranquiaId,
    franquia: p.franquiaId,
  };
  const linhas: NovoLancamento[] = [];
  for (const beneficiario of BENEFICIARIOS) {
    const beneficiarioId = quem[beneficiario];
    if (!beneficiarioId) continue;
    const regra = regraAplicavel(regras, { beneficiario, franquiaId: p.franquiaId, cursoId: p.cursoId, dia: p.pagaEm });
    if (!regra) continue;
    const valorCentavos = valorDaRegra(regra, p.valorCentavos, p.primeiraPaga);
    if (valorCentavos <= 0) continue;
    linhas.push({
      franqueadorId: p.franqueadorId,
      franquiaId: p.franquiaId,
      microFranquiaId: p.microFranquiaId,
      vendedorId: p.vendedorId,
      beneficiario,
      beneficiarioId,
      regraId: regra.id,
      regraTipo: regra.tipo,
      parcelaId: p.id,
      matriculaId: p.matriculaId,
      tipo: 'credito',
      baseCentavos: p.valorCentavos,
      valorCentavos,
      periodo,
      ocorridoEm: p.pagaEm,
    });
  }
  return linhas;
}

/**
 * Issue 43: the credits of a parcela the webhook is paying, from what the statement that locked it read
 * (`entradaDaComissao`), for the statement that pays it to write (`lancamentosInsert`) -- the same lines
 * `lancarComissoes` would write. Null when the parcela has lines already (a dispute won, ADR 093): that payment goes
 * through `lancarComissoes`.
 */
export function creditosDoPagamento(
  p: Omit<ParcelaACreditar, 'vendedorResponsavelId' | 'primeiraPaga' | 'franqueadorId' | 'pagaEm'> & {
    numero: number;
    tipo: string;
    franqueadorId: string | null;
  },
  pagaEm: string,
  entrada: EntradaDaComissao,
): NovoLancamento[] | null {
  if (entrada.temLinhas) return null;
  if (p.tipo !== 'mensalidade' || !p.franqueadorId || entrada.regras.length === 0) return [];
  const outra = entrada.primeiraOutra;
  const primeiraPaga = !outra || outra.pagaEm > pagaEm || (outra.pagaEm === pagaEm && outra.numero > p.numero);
  return creditosNovos(
    {
      ...p,
      franqueadorId: p.franqueadorId,
      pagaEm,
      vendedorResponsavelId: entrada.vendedorResponsavelId,
      primeiraPaga,
    },
    entrada.regras.map(alcance),
    new Set(entrada.fechados),
  );
}

/** Lines per INSERT: well under PostgreSQL's 65,535 parameters (15 a line). */
const LOTE = 1000;

/**
 * The reversing lines of a refunded (or charged back, ADR 093) parcela: each credit it had, negated, in the month of
 * the refund (or the next open one). Once per credit. Answers how many lines it wrote.
 */
export async function estornarComissoes(tx: Executor, parcelaId: string, now: Date): Promise<number> {
  const creditos = await creditosSemEstorno(tx, parcelaId);
  const primeira = creditos[0];
  if (!primeira) return 0;
  await travarRede(tx, primeira.franqueadorId, 'share');
  const hoje = todayInBrasilia(now);
  const periodo = await periodoParaLinha(tx, primeira.franqueadorId, primeira.franquiaId, periodoDe(hoje));
  return inserirLancamentos(
    tx,
    creditos.map((c) => ({
      franqueadorId: c.franqueadorId,
      franquiaId: c.franquiaId,
      microFranquiaId: c.microFranquiaId,
      vendedorId: c.vendedorId,
      beneficiario: c.beneficiario,
      beneficiarioId: c.beneficiarioId,
      regraId: c.regraId,
      regraTipo: c.regraTipo,
      parcelaId: c.parcelaId,
      matriculaId: c.matriculaId,
      tipo: 'estorno',
      baseCentavos: c.baseCentavos,
      valorCentavos: -c.valorCentavos,
      periodo,
      ocorridoEm: hoje,
      ciclo: c.ciclo,
    })),
  );
}
