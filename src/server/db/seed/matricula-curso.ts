import { sql } from 'drizzle-orm';
import type { Executor } from '../connect';
import { cursoModulos, cursos, eventosCursos, matriculas, preMatriculas } from '../schema';

/**
 * The demo's matrículas, inserted in bulk rather than through Efetivar, get the course and price snapshot Efetivar
 * would have kept (issue 42, ADR 063): the event's course their pré-matrícula names, at its price, its hours the
 * sum of its active modules, the total split to the cent with the last parcela taking the rounding. The same rule
 * as migration 0037's backfill of the matrículas made before it (a migration is frozen, so it keeps its own copy);
 * a matrícula whose course its event does not offer stays without one, as such a migrated row does.
 */
export async function fillMatriculaCursoSnapshots(tx: Executor): Promise<void> {
  await tx.execute(sql`
    with candidatos as (
      select m.id as matricula_id, c.id as curso_id, c.titulo, c.valor, c.valor_com_desconto, c.parcelas,
        count(*) over (partition by m.id) as encontrados
      from ${matriculas} m
      join ${preMatriculas} p on p.id = m.pre_matricula_id
      join ${eventosCursos} ec on ec.evento_id = m.evento_id
      join ${cursos} c on c.id = ec.curso_id
      where m.curso_id is null and p.curso_interesse is not null
        and lower(trim(c.titulo)) = lower(trim(p.curso_interesse))
    ), snapshot as (
      select k.matricula_id, k.curso_id, k.titulo, k.valor, k.valor_com_desconto, k.parcelas,
        coalesce((select sum(cm.carga_horaria) from ${cursoModulos} cm
          where cm.curso_id = k.curso_id and cm.is_active), 0)::int as carga_horaria,
        round(coalesce(k.valor_com_desconto, k.valor) * 100)::bigint as total_centavos
      from candidatos k
      where k.encontrados = 1
    )
    update ${matriculas} m set
      curso_id = s.curso_id,
      curso_titulo = s.titulo,
      curso_carga_horaria = s.carga_horaria,
      valor = s.valor,
      valor_com_desconto = s.valor_com_desconto,
      parcelas = s.parcelas,
      valor_total = s.total_centavos / 100.0,
      valor_parcela = (s.total_centavos / s.parcelas) / 100.0,
      valor_ultima_parcela = (s.total_centavos - (s.total_centavos / s.parcelas) * (s.parcelas - 1)) / 100.0
    from snapshot s
    where m.id = s.matricula_id`);
}
