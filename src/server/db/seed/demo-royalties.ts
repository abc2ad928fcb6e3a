import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { todayInBrasilia } from '../../../shared/brasilia';
import { periodoDe, proximoPeriodo } from '../../../shared/comissoes/lancamentos';
import { periodoAnterior } from '../../../shared/royalties/extrato';
import { lancarRoyaltiesDe } from '../../modules/royalties';
import { fecharNa } from '../../modules/royalties/royalties.service';
import type { Executor } from '../connect';
import { franquias, parcelas, royaltyAcordos, royaltyLancamentos, users } from '../schema';

/**
 * Issue 45 (ADR 089): the demo's royalties -- each franquia's agreement since before the demo's year (Educa
 * Paulista: 6 % + 2 % of fundo, a minimum of R$ 500,00, by fatura; Minas Saber: 5 % + 1,5 %, by fatura, moving to
 * split from next month), the year's lines written by the webhook's own code for every paid parcela, and the month
 * before last closed (its balance charged to each franquia, due on day 10); last month is left open, for a newcomer
 * to close. Answers the lines.
 */
export async function royaltiesDaDemo(tx: Executor, franqueadorId: string, now: Date): Promise<number> {
  const hoje = periodoDe(todayInBrasilia(now));
  let inicio = hoje;
  for (let i = 0; i < 13; i++) inicio = periodoAnterior(inicio);
  const [staff] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'franqueador'), eq(users.franqueadorId, franqueadorId)))
    .limit(1);
  const rede = await tx
    .select({ id: franquias.id, franqueadorId: franquias.franqueadorId, razaoSocial: franquias.razaoSocial })
    .from(franquias)
    .where(eq(franquias.franqueadorId, franqueadorId))
    .orderBy(asc(franquias.razaoSocial));
  for (const f of rede) {
    const paulista = f.razaoSocial.startsWith('Educa Paulista');
    await tx.insert(royaltyAcordos).values({
      franqueadorId,
      franquiaId: f.id,
      royaltyCentesimos: paulista ? 600 : 500,
      fundoCentesimos: paulista ? 200 : 150,
      minimoCentavos: paulista ? 50_000 : null,
      inicio: `${inicio}-01`,
      modo: 'fatura',
      criadoPorId: staff?.id ?? null,
    });
    if (!paulista)
      await tx.insert(royaltyAcordos).values({
        franqueadorId,
        franquiaId: f.id,
        royaltyCentesimos: 500,
        fundoCentesimos: 150,
        inicio: `${proximoPeriodo(hoje)}-01`,
        modo: 'split',
        criadoPorId: staff?.id ?? null,
      });
  }
  const pagas = await tx
    .select({ id: parcelas.id })
    .from(parcelas)
    .where(
      and(
        eq(parcelas.franqueadorId, franqueadorId),
        eq(parcelas.status, 'paga'),
        isNotNull(parcelas.pagaEm),
        sql`not exists (select 1 from ${royaltyLancamentos} l where l.parcela_id = ${parcelas.id})`,
      ),
    )
    .orderBy(asc(parcelas.pagaEm), asc(parcelas.id));
  const linhas = await lancarRoyaltiesDe(
    tx,
    pagas.map((p) => p.id),
  );
  const retrasado = periodoAnterior(periodoAnterior(hoje));
  for (const f of rede) await fecharNa(tx, f, retrasado, null, new Date(now.getTime() - 20 * 86_400_000));
  return linhas;
}
