import { todayInBrasilia } from '../../../shared/brasilia';
import { periodoAberto, periodoDe } from '../../../shared/comissoes/lancamentos';
import { acordoEmVigor, figurasDaReceita, splitDoAcordo } from '../../../shared/royalties/extrato';
import type { Executor } from '../../db/connect';
import {
  type AcordoDoLedger,
  type EntradaDoRoyalty,
  type NovaLinha,
  acordosDe,
  acordosEFechados,
  inserirLinhas,
  linhasDasParcelas,
  parcelasParaRoyalty,
  periodosFechados,
  receitaSemEstorno,
  travarFranquia,
} from './royalties.repository';

/**
 * The royalties' ledger writes (issue 45, ADR 089), sharing the commissions' design (ADR 082) and called by billing
 * beside them, in the transaction that changes the parcela: `lancarRoyalties` when it becomes paid (the webhook, a
 * simulated payment, the reconciliation, a baixa manual), `estornarRoyalties` when a paid one is refunded. Lines are
 * only ever added: a refund is a new negative line, a late event lands in the franquia's next open month.
 */

/**
 * The receita line of a parcela just paid, under the franquia's agreement in force on the day paid: its value, the
 * royalty and the fundo (each rounded once) and what the payment's split retained. None when the parcela has no
 * franquia or the franquia no agreement yet. Written once per parcela. Answers how many lines it wrote.
 */
export function lancarRoyalties(tx: Executor, parcelaId: string, now: Date = new Date()): Promise<number> {
  return lancarRoyaltiesDe(tx, [parcelaId], now);
}

type Linha = Awaited<ReturnType<typeof linhasDasParcelas>>[number];

/**
 * ADR 093: a parcela paid again after a chargeback (the dispute won) gets its last round's receita back, as a new
 * line of the next round, in the month the dispute was won (or the franquia's next open one) -- the same figures.
 * A parcela whose last round was not reversed is paid already: nothing.
 */
function receitaDeVolta(existentes: Linha[], periodo: string, hoje: string): NovaLinha[] {
  const ciclo = Math.max(...existentes.map((e) => e.ciclo));
  const daRodada = existentes.filter((e) => e.ciclo === ciclo);
  if (!daRodada.some((e) => e.tipo === 'estorno')) return [];
  return daRodada
    .filter((e) => e.tipo === 'receita')
    .map(({ id: _id, createdAt: _createdAt, ...r }) => ({ ...r, ciclo: ciclo + 1, periodo, ocorridoEm: hoje }));
}

/** Lines per INSERT: well under PostgreSQL's 65,535 parameters (13 a line). */
const LOTE = 1000;

/**
 * `lancarRoyalties` for many parcelas at once (the demo's year): the same rules, each franquia's agreements and
 * closed months read once, the lines written in batches. A payment's own is three statements: its parcela (locking
 * its franquia), the franquia's agreements and closed months, the line.
 */
export async function lancarRoyaltiesDe(
  tx: Executor,
  parcelaIds: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  const acordosPorFranquia = new Map<string, AcordoDoLedger[]>();
  const fechadosPorFranquia = new Map<string, Set<string>>();
  const linhas: NovaLinha[] = [];
  const hoje = todayInBrasilia(now);
  for (let i = 0; i < parcelaIds.length; i += LOTE) {
    const lidas = await parcelasParaRoyalty(tx, parcelaIds.slice(i, i + LOTE));
    const existentes = new Map<string, Linha[]>();
    const comLinhas = lidas.filter((p) => p.temLinhas).map((p) => p.id);
    for (const linha of await linhasDasParcelas(tx, comLinhas)) {
      existentes.set(linha.parcelaId, [...(existentes.get(linha.parcelaId) ?? []), linha]);
    }
    for (const p of lidas) {
      if (p.status !== 'paga' || !p.pagaEm || !p.franquiaId || !p.franqueadorId) continue;
      let acordos = acordosPorFranquia.get(p.franquiaId);
      if (!acordos) {
        const lidos = await acordosEFechados(tx, p.franquiaId);
        acordos = lidos.acordos;
        acordosPorFranquia.set(p.franquiaId, acordos);
        fechadosPorFranquia.set(p.franquiaId, lidos.fechados);
      }
      const jaTem = existentes.get(p.id);
      if (jaTem?.length) {
        const periodo = periodoAberto(periodoDe(hoje), fechadosPorFranquia.get(p.franquiaId)!);
        linhas.push(...receitaDeVolta(jaTem, periodo, hoje));
        continue;
      }
      const receita = receitaNova(
        { ...p, pagaEm: p.pagaEm, franquiaId: p.franquiaId, franqueadorId: p.franqueadorId },
        acordos,
        fechadosPorFranquia.get(p.franquiaId)!,
      );
      if (receita) linhas.push(receita);
    }
  }
  let escritas = 0;
  for (let i = 0; i < linhas.length; i += LOTE) escritas += await inserirLinhas(tx, linhas.slice(i, i + LOTE));
  return escritas;
}

/** What a parcela's first receita line is computed from. */
interface ParcelaComReceita {
  id: string;
  valorCentavos: number;
  valorLiquidoCentavos: number | null;
  pagaEm: string;
  franqueadorId: string;
  franquiaId: string;
  /** The split its payment carried; null when paid at the school (a baixa) or with none. */
  splitCentesimos: number | null;
}

/** The receita line of a parcela paid for the first time, under the agreement in force that day; null: none. */
function receitaNova(
  p: ParcelaComReceita,
  acordos: readonly AcordoDoLedger[],
  fechados: ReadonlySet<string>,
): NovaLinha | null {
  const acordo = acordoEmVigor(acordos, p.pagaEm);
  if (!acordo) return null;
  return {
    franqueadorId: p.franqueadorId,
    franquiaId: p.franquiaId,
    parcelaId: p.id,
    acordoId: acordo.id,
    tipo: 'receita',
    baseCentavos: p.valorCentavos,
    ...figurasDaReceita(p.valorCentavos, p.valorLiquidoCentavos, acordo, p.splitCentesimos),
    splitCentesimos: p.splitCentesimos,
    periodo: periodoAberto(periodoDe(p.pagaEm), fechados),
    ocorridoEm: p.pagaEm,
  };
}

/**
 * Issue 43: the receita line of a parcela the webhook is paying, from what the statement that locked it read
 * (`entradaDoRoyalty`), for the statement that pays it to write (`linhasInsert`) -- the line `lancarRoyalties` would
 * write. Null when the parcela has lines already (a dispute won, ADR 093): that payment goes through
 * `lancarRoyalties`.
 */
export function receitaDoPagamento(
  p: Omit<ParcelaComReceita, 'pagaEm' | 'franqueadorId' | 'franquiaId'> & {
    franqueadorId: string | null;
    franquiaId: string | null;
  },
  pagaEm: string,
  entrada: EntradaDoRoyalty,
): NovaLinha[] | null {
  if (entrada.temLinhas) return null;
  if (!p.franquiaId || !p.franqueadorId) return [];
  const receita = receitaNova(
    { ...p, pagaEm, franqueadorId: p.franqueadorId, franquiaId: p.franquiaId },
    entrada.acordos,
    new Set(entrada.fechados),
  );
  return receita ? [receita] : [];
}

/**
 * The estorno of a refunded parcela: its receita's figures negated (the gateway reverses a split with its payment),
 * in the month of the refund or the franquia's next open one. Once. Answers how many lines it wrote.
 */
export async function estornarRoyalties(tx: Executor, parcelaId: string, now: Date): Promise<number> {
  const receita = await receitaSemEstorno(tx, parcelaId);
  if (!receita) return 0;
  await travarFranquia(tx, receita.franquiaId, 'share');
  const hoje = todayInBrasilia(now);
  const periodo = periodoAberto(periodoDe(hoje), await periodosFechados(tx, receita.franquiaId, periodoDe(hoje)));
  return inserirLinhas(tx, [
    {
      franqueadorId: receita.franqueadorId,
      franquiaId: receita.franquiaId,
      parcelaId: receita.parcelaId,
      acordoId: receita.acordoId,
      tipo: 'estorno',
      baseCentavos: -receita.baseCentavos,
      royaltyCentavos: -receita.royaltyCentavos,
      fundoCentavos: -receita.fundoCentavos,
      retidoCentavos: -receita.retidoCentavos,
      splitCentesimos: receita.splitCentesimos,
      periodo,
      ocorridoEm: hoje,
      ciclo: receita.ciclo,
    },
  ]);
}

/**
 * The `split` a family's payment due on `vencimento` carries (ADR 089): royalty + fundo to the franqueador's wallet
 * when the franquia's agreement in force that day is in `split` mode; null otherwise (no wallet configured, no
 * franquia, no agreement, `fatura` mode).
 */
export async function splitDaCobranca(
  db: Executor,
  franquiaId: string | null,
  vencimento: string,
  walletId: string | null,
): Promise<{ walletId: string; percentualCentesimos: number } | null> {
  if (!franquiaId || !walletId) return null;
  const acordo = acordoEmVigor(await acordosDe(db, [franquiaId]), vencimento);
  if (!acordo || acordo.modo !== 'split') return null;
  const percentualCentesimos = splitDoAcordo(acordo);
  return percentualCentesimos > 0 ? { walletId, percentualCentesimos } : null;
}
