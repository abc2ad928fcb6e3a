import { todayInBrasilia } from '../../../shared/brasilia';
import type { MetaEtapa, MetaNivel } from '../../../shared/metas/enums';
import type { Executor } from '../connect';
import { metas } from '../schema';

/** The demo network's units a goal is set for (issue 48). */
export interface UnidadesDaDemo {
  rede: string;
  franquiaSp: string;
  franquiaMg: string;
  microCampinas: string;
  microSantos: string;
  microContagem: string;
  vendedor: string;
  horizonte: string;
  valinhos: string;
  saberContagem: string;
}

/**
 * Issue 48: the current month's goals of the demo network, split down the tree as the screens split them (each
 * parent the sum of its children), so a newcomer finds Metas, its ranking and every dashboard's progress alive:
 * sign-ups (leads) down to the schools, matrículas down to the micro-franquias, the Campinas share locked.
 */
export async function metasDaDemo(tx: Executor, u: UnidadesDaDemo, now: Date, autorId: string): Promise<void> {
  const mes = `${todayInBrasilia(now).slice(0, 7)}-01`;
  const meta = (etapa: MetaEtapa, nivel: MetaNivel, alvoId: string, valor: number, travada = false) => ({
    franqueadorId: u.rede,
    mes,
    etapa,
    nivel,
    alvoId,
    valor,
    travada,
    atualizadoPorId: autorId,
  });
  await tx
    .insert(metas)
    .values([
      meta('leads', 'rede', u.rede, 120),
      meta('leads', 'franquia', u.franquiaSp, 80),
      meta('leads', 'franquia', u.franquiaMg, 40),
      meta('leads', 'micro_franquia', u.microCampinas, 50, true),
      meta('leads', 'micro_franquia', u.microSantos, 30),
      meta('leads', 'micro_franquia', u.microContagem, 40),
      meta('leads', 'vendedor', u.vendedor, 50),
      meta('leads', 'cliente', u.horizonte, 30),
      meta('leads', 'cliente', u.valinhos, 20),
      meta('leads', 'cliente', u.saberContagem, 40),
      meta('matriculas', 'rede', u.rede, 12),
      meta('matriculas', 'franquia', u.franquiaSp, 8),
      meta('matriculas', 'franquia', u.franquiaMg, 4),
      meta('matriculas', 'micro_franquia', u.microCampinas, 5),
      meta('matriculas', 'micro_franquia', u.microSantos, 3),
      meta('matriculas', 'micro_franquia', u.microContagem, 4),
    ]);
}
