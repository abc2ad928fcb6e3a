import { and, asc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { eventos, preMatriculas } from '../../db/schema';

/**
 * The activations whose id starts with a declaration's code (issue 23): a range on the primary key, so one
 * index look-up whatever the table's size.
 */
export async function findDeclaracoes(db: Executor, codigo: string) {
  const prefix = codigo.toLowerCase();
  return db
    .select({
      id: preMatriculas.id,
      nomeAluno: preMatriculas.nomeAluno,
      nome: preMatriculas.nome,
      nomeResponsavel: preMatriculas.nomeResponsavel,
      anonimizadoEm: preMatriculas.anonimizadoEm,
      consentimentoRevogadoEm: preMatriculas.consentimentoRevogadoEm,
      createdAt: preMatriculas.createdAt,
      nomeEscola: eventos.nomeEscola,
      cidade: eventos.cidade,
      estado: eventos.estado,
      dataEvento: eventos.dataEvento,
      valorTotalDesconto: eventos.valorTotalDesconto,
    })
    .from(preMatriculas)
    .innerJoin(eventos, eq(eventos.id, preMatriculas.eventoId))
    .where(
      and(
        gte(preMatriculas.id, `${prefix}-0000-0000-0000-000000000000`),
        lte(preMatriculas.id, `${prefix}-ffff-ffff-ffff-ffffffffffff`),
        isNotNull(preMatriculas.cpfAluno),
      ),
    )
    .orderBy(asc(preMatriculas.createdAt))
    .limit(5);
}
