import type { FastifyInstance } from 'fastify';
import { fromCentavos, toCentavos } from '../../../shared/money/parcelas';
import { fromCentesimos, regraEmConflito, toCentesimos } from '../../../shared/comissoes/regras';
import { COMISSAO_MESSAGES, type RegraInput, type RegraPatch, type RegraView } from '../../../shared/schemas/comissao';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { alteracoesDe, audit } from '../auditoria';
import {
  type RegraRow,
  alterarRegra,
  cursoNoEscopo,
  findRegra,
  franquiaNoEscopo,
  inserirRegra,
  listRegras,
  regraEditavel,
  regrasDoBeneficiario,
} from './comissoes.repository';

/**
 * Regras de comissão (issue 44, ADR 081). The franqueador writes its network's rules (or one franquia's); a franquia
 * its own, for its subtree. Two rules of the same reach for the same beneficiary whose periods share a day are
 * refused (409): the most specific rule wins when a parcela is paid, so two of the same specificity would leave the
 * winner to chance. A change applies to parcelas paid after it; nothing already computed changes.
 */

export const toRegraView = (r: RegraRow): RegraView => ({
  id: r.id,
  franquiaId: r.franquiaId,
  franquia: r.franquia,
  cursoId: r.cursoId,
  curso: r.curso,
  beneficiario: r.beneficiario,
  tipo: r.tipo,
  percentual: r.percentualCentesimos === null ? null : fromCentesimos(r.percentualCentesimos),
  valor: r.valorCentavos === null ? null : fromCentavos(r.valorCentavos),
  inicio: r.inicio,
  fim: r.fim,
  editavel: r.editavel,
  criadaEm: r.createdAt.toISOString(),
  atualizadaEm: r.updatedAt.toISOString(),
});

/** What the trail keeps of a rule. */
const auditavel = (r: {
  franquiaId: string | null;
  cursoId: string | null;
  beneficiario: string;
  tipo: string;
  percentualCentesimos: number | null;
  valorCentavos: number | null;
  inicio: string;
  fim: string | null;
}) => ({
  franquiaId: r.franquiaId,
  cursoId: r.cursoId,
  beneficiario: r.beneficiario,
  tipo: r.tipo,
  percentualCentesimos: r.percentualCentesimos,
  valorCentavos: r.valorCentavos,
  inicio: r.inicio,
  fim: r.fim,
});

type RegraGravada = Parameters<typeof auditavel>[0] & { id: string; franqueadorId: string };

/** Refuses `regra` when another of the same reach and beneficiary shares a day with it (locks the network's rules). */
async function semConflito(tx: Executor, regra: RegraGravada) {
  const outras = await regrasDoBeneficiario(tx, regra.franqueadorId, regra.beneficiario as RegraView['beneficiario']);
  const alcance = { ...regra, beneficiario: regra.beneficiario as RegraView['beneficiario'] };
  const emConflito = regraEmConflito(
    alcance,
    outras.map((o) => ({ ...o, beneficiario: o.beneficiario as RegraView['beneficiario'] })),
  );
  if (emConflito) throw conflict(COMISSAO_MESSAGES.conflito);
}

export async function verRegras(app: FastifyInstance, actor: Actor): Promise<RegraView[]> {
  return (await listRegras(app.db, actor)).map(toRegraView);
}

/** POST /api/comissoes/regras: the rule checked and written, with its audit row, in one transaction. */
export async function criarRegra(app: FastifyInstance, actor: Actor, input: RegraInput): Promise<RegraView> {
  // A franquia's rule is for its own subtree; the franqueador's for its network, or the franquia it names.
  const franquiaId = actor.role === 'franquia' ? actor.franquiaId! : (input.franquiaId ?? null);
  let franqueadorId = actor.franqueadorId;
  if (franquiaId) {
    const franquia = await franquiaNoEscopo(app.db, actor, franquiaId);
    if (!franquia) throw notFound(COMISSAO_MESSAGES.franquiaNaoEncontrada);
    franqueadorId = franquia.franqueadorId;
  }
  if (!franqueadorId) throw notFound(COMISSAO_MESSAGES.franquiaNaoEncontrada);
  const cursoId = input.cursoId ?? null;
  if (cursoId && !(await cursoNoEscopo(app.db, actor, cursoId))) throw notFound(COMISSAO_MESSAGES.cursoNaoEncontrado);
  const valores = {
    franqueadorId,
    franquiaId,
    cursoId,
    beneficiario: input.beneficiario,
    tipo: input.tipo,
    percentualCentesimos: input.tipo === 'percentual' ? toCentesimos(input.percentual!) : null,
    valorCentavos: input.tipo === 'fixo' ? toCentavos(input.valor!) : null,
    inicio: input.inicio,
    fim: input.fim ?? null,
  };
  return app.db.transaction(async (tx) => {
    await semConflito(tx, { ...valores, id: '' });
    const id = await inserirRegra(tx, { ...valores, criadoPorId: actor.id });
    await audit(tx, {
      acao: 'comissao_regra.criar',
      entidadeId: id,
      alteracoes: alteracoesDe(null, auditavel(valores)),
    });
    return toRegraView((await findRegra(tx, actor, id))!);
  });
}

/** PATCH /api/comissoes/regras/{id}: the amount or the period, checked again for conflicts; audited. */
export async function editarRegra(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  patch: RegraPatch,
): Promise<RegraView> {
  if (Object.values(patch).every((v) => v === undefined)) throw badRequest(COMISSAO_MESSAGES.nadaAlterado);
  return app.db.transaction(async (tx) => {
    const antes = await regraEditavel(tx, actor, id);
    if (!antes) throw notFound(COMISSAO_MESSAGES.regraNaoEncontrada);
    if (patch.percentual !== undefined && antes.tipo !== 'percentual')
      throw badRequest(COMISSAO_MESSAGES.soUmValor, { percentual: COMISSAO_MESSAGES.soUmValor });
    if (patch.valor !== undefined && antes.tipo !== 'fixo')
      throw badRequest(COMISSAO_MESSAGES.soUmValor, { valor: COMISSAO_MESSAGES.soUmValor });
    const depois = {
      ...antes,
      percentualCentesimos:
        patch.percentual !== undefined ? toCentesimos(patch.percentual) : antes.percentualCentesimos,
      valorCentavos: patch.valor !== undefined ? toCentavos(patch.valor) : antes.valorCentavos,
      inicio: patch.inicio ?? antes.inicio,
      fim: patch.fim !== undefined ? patch.fim : antes.fim,
    };
    if (depois.fim !== null && depois.fim < depois.inicio)
      throw badRequest(COMISSAO_MESSAGES.fimAntesDoInicio, { fim: COMISSAO_MESSAGES.fimAntesDoInicio });
    await semConflito(tx, depois);
    await alterarRegra(
      tx,
      id,
      {
        percentualCentesimos: depois.percentualCentesimos,
        valorCentavos: depois.valorCentavos,
        inicio: depois.inicio,
        fim: depois.fim,
      },
      app.clock.now(),
    );
    await audit(tx, {
      acao: 'comissao_regra.editar',
      entidadeId: id,
      alteracoes: alteracoesDe(auditavel(antes), auditavel(depois)),
    });
    return toRegraView((await findRegra(tx, actor, id))!);
  });
}
