import { sql } from 'drizzle-orm';
import { type DadosDoContrato, preencherModelo, valoresDosCampos } from '../../../shared/contrato/modelo';
import { todayInBrasilia } from '../../../shared/brasilia';
import { type Executor, executeRows } from '../../db/connect';
import { insertContrato, type modeloVigente } from './contratos.repository';

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
  const dados = await dadosDoContrato(db, matricula.id, todayInBrasilia(now));
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

interface DadosRow {
  aluno_nome: string;
  responsavel_nome: string | null;
  responsavel_cpf: string | null;
  curso_titulo: string;
  curso_carga_horaria: number;
  modulos: { titulo: string; cargaHoraria: number }[] | null;
  valor: string;
  valor_com_desconto: string | null;
  valor_total: string;
  parcelas: number;
  valor_parcela: string;
  valor_ultima_parcela: string;
  escola_nome: string | null;
  evento_escola: string;
  evento_cidade: string;
  evento_estado: string;
  evento_data: string;
  franquia_razao_social: string | null;
  franquia_cnpj: string | null;
}

/** Everything a contract names, read from the matrícula (its snapshot), its pré-matrícula, event and tree. */
async function dadosDoContrato(db: Executor, matriculaId: string, hoje: string): Promise<DadosDoContrato | null> {
  const [row] = await executeRows<DadosRow>(
    db,
    sql`
    select coalesce(p.nome_aluno, m.nome) as aluno_nome, p.nome_responsavel as responsavel_nome,
      p.cpf_responsavel as responsavel_cpf, m.curso_titulo, m.curso_carga_horaria,
      (select json_agg(json_build_object('titulo', concat('Módulo ', cm.modulo, ': ', cm.titulo), 'cargaHoraria', cm.carga_horaria)
         order by cm.ordem, cm.created_at)
       from curso_modulos cm where cm.curso_id = m.curso_id and cm.is_active) as modulos,
      m.valor, m.valor_com_desconto, m.valor_total, m.parcelas, m.valor_parcela, m.valor_ultima_parcela,
      c.nome_fantasia as escola_nome, e.nome_escola as evento_escola, e.cidade as evento_cidade,
      e.estado as evento_estado, e.data_evento::text as evento_data,
      f.razao_social as franquia_razao_social, f.cnpj as franquia_cnpj
    from matriculas m
    join eventos e on e.id = m.evento_id
    left join pre_matriculas p on p.id = m.pre_matricula_id
    left join clientes c on c.id = e.cliente_id
    left join franquias f on f.id = m.franquia_id
    where m.id = ${matriculaId}::uuid and m.curso_titulo is not null`,
  );
  if (!row) return null;
  return {
    alunoNome: row.aluno_nome,
    responsavelNome: row.responsavel_nome,
    responsavelCpf: row.responsavel_cpf,
    cursoTitulo: row.curso_titulo,
    cursoCargaHoraria: Number(row.curso_carga_horaria),
    modulos: (row.modulos ?? []).map((m) => ({ titulo: m.titulo, cargaHoraria: Number(m.cargaHoraria) })),
    valor: Number(row.valor),
    valorComDesconto: row.valor_com_desconto === null ? null : Number(row.valor_com_desconto),
    valorTotal: Number(row.valor_total),
    parcelas: Number(row.parcelas),
    valorParcela: Number(row.valor_parcela),
    valorUltimaParcela: Number(row.valor_ultima_parcela),
    escolaNome: row.escola_nome,
    eventoEscola: row.evento_escola,
    eventoCidade: row.evento_cidade,
    eventoEstado: row.evento_estado,
    eventoData: row.evento_data,
    franquiaRazaoSocial: row.franquia_razao_social,
    franquiaCnpj: row.franquia_cnpj,
    data: hoje,
  };
}
