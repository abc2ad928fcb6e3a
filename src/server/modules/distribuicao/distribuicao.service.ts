import type { FastifyInstance } from 'fastify';
import {
  DISTRIBUICAO_MESSAGES as M,
  type DistribuicaoInput,
  type DistribuicaoView,
} from '../../../shared/schemas/distribuicao';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { badRequest, notFound } from '../../lib/http-error';
import { audit } from '../auditoria';
import {
  chavesDasCidades,
  findDistribuicao,
  listCidades,
  listVendedoresDaDistribuicao,
  replaceDistribuicao,
  vendedoresAtivosDe,
} from './distribuicao.repository';

/**
 * Distribuição (issue 50, ADR 106): a micro-franquia's rule for its new leads, read by the levels above it and set
 * by itself and its franquia. The rule is applied by the database (`distribuicao_escolher`); here it is kept.
 */

async function viewOf(
  db: Executor,
  microFranquiaId: string,
  modo: DistribuicaoView['modo'],
): Promise<DistribuicaoView> {
  const [cidades, vendedores] = await Promise.all([
    listCidades(db, microFranquiaId),
    listVendedoresDaDistribuicao(db, microFranquiaId),
  ]);
  return {
    modo,
    cidades: cidades.map((c) => ({
      cidade: c.cidade,
      estado: c.estado,
      vendedor: { id: c.vendedorId, nome: c.vendedorNome },
    })),
    vendedores,
  };
}

/** GET /api/micro-franquias/:id/distribuicao */
export async function getDistribuicao(app: FastifyInstance, actor: Actor, id: string): Promise<DistribuicaoView> {
  const row = await findDistribuicao(app.db, actor, id);
  if (!row) throw notFound();
  return viewOf(app.db, row.id, row.modo);
}

/**
 * The city table's problems: only in 'cidade'; each vendedor an active one of the micro-franquia; no city twice
 * (compared as the trigger compares them: without accents, case or surrounding spaces, within the state).
 */
async function checkCidades(tx: Executor, microFranquiaId: string, input: DistribuicaoInput) {
  const cidades = input.cidades ?? [];
  if (cidades.length > 0 && input.modo !== 'cidade') {
    throw badRequest(M.cidadesSoNoModoCidade, { cidades: M.cidadesSoNoModoCidade });
  }
  const ativos = await vendedoresAtivosDe(tx, microFranquiaId, [...new Set(cidades.map((c) => c.vendedorId))]);
  const errors: Record<string, string> = {};
  cidades.forEach((c, i) => {
    if (!ativos.has(c.vendedorId)) errors[`cidades.${i}.vendedorId`] = M.vendedorInvalido;
  });
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  const chaves = await chavesDasCidades(
    tx,
    cidades.map((c) => c.cidade),
  );
  const vistas = new Set<string>();
  cidades.forEach((c, i) => {
    const chave = `${c.estado}\n${chaves[i]}`;
    if (vistas.has(chave)) errors[`cidades.${i}.cidade`] ??= M.cidadeRepetida(c.cidade, c.estado);
    vistas.add(chave);
  });
  const repetida = Object.values(errors)[0];
  if (repetida) throw badRequest(repetida, errors);
  return cidades;
}

/** PUT /api/micro-franquias/:id/distribuicao: the rule and the whole city table, in one transaction, audited. */
export async function definirDistribuicao(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: DistribuicaoInput,
): Promise<DistribuicaoView> {
  return app.db.transaction(async (tx) => {
    const row = await findDistribuicao(tx, actor, id, true);
    if (!row) throw notFound();
    const cidades = await checkCidades(tx, row.id, input);
    const antes = await viewOf(tx, row.id, row.modo);
    await replaceDistribuicao(tx, row.id, input.modo, cidades);
    const depois = await viewOf(tx, row.id, input.modo);
    const resumo = (v: DistribuicaoView) => ({
      modo: v.modo,
      cidades: v.cidades.map((c) => ({ cidade: c.cidade, estado: c.estado, vendedorId: c.vendedor.id })),
    });
    const [a, d] = [resumo(antes), resumo(depois)];
    const alteracoes: Record<string, [unknown, unknown]> = {};
    if (a.modo !== d.modo) alteracoes.modo = [a.modo, d.modo];
    if (JSON.stringify(a.cidades) !== JSON.stringify(d.cidades)) alteracoes.cidades = [a.cidades, d.cidades];
    await audit(tx, { acao: 'distribuicao.definir', entidadeId: row.id, alteracoes });
    return depois;
  });
}
