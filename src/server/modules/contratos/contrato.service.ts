import { preencherModelo, valoresDosCampos } from '../../../shared/contrato/modelo';
import { todayInBrasilia } from '../../../shared/brasilia';
import type { Executor } from '../../db/connect';
import { findDadosDoContrato, insertContrato, type modeloVigente } from './contratos.repository';

type ModeloVigente = NonNullable<Awaited<ReturnType<typeof modeloVigente>>>;

/**
 * The contract of a new matrícula (issue 42, ADR 064), in Efetivar's transaction: the network's current template
 * filled for this family -- its names and the responsável's CPF whole, the course with its modules, the price
 * snapshot, the event, the school and the franquia -- with the required blocks, frozen with its version. Nothing
 * read later (the template's next version, the course's new price) changes it. Without a published template the
 * network has no contract yet: none is made (the matrícula is 'ativa', as every matrícula was before).
 */
export async function congelarContrato(
  db: Executor,
  matricula: {
    id: string;
    franqueadorId: string | null;
    cursoId: string | null;
    valorTotal: number | null;
    parcelas: number | null;
    valorParcela: number | null;
    valorUltimaParcela: number | null;
  },
  modelo: ModeloVigente,
  now: Date,
) {
  const dados = await findDadosDoContrato(db, matricula.id, todayInBrasilia(now));
  if (!dados) return null;
  const texto = preencherModelo(modelo.texto, valoresDosCampos(dados), modelo.multaCancelamentoPct);
  return insertContrato(db, {
    matriculaId: matricula.id,
    modeloId: modelo.id,
    versao: modelo.versao,
    titulo: modelo.titulo,
    texto,
    valorTotal: dados.valorTotal,
    parcelas: dados.parcelas,
    valorParcela: dados.valorParcela,
    valorUltimaParcela: dados.valorUltimaParcela,
    multaCancelamentoPct: modelo.multaCancelamentoPct,
    createdAt: now,
  });
}
