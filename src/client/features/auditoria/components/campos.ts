import {
  DEPARTAMENTO_LABELS,
  EVENTO_STATUS_LABELS,
  KIT_LABELS,
  LOCAL_EVENTO_LABELS,
  PRODUTO_LABELS,
  TICKET_PRIORIDADE_LABELS,
  TICKET_STATUS_LABELS,
  TIPO_ESCOLA_LABELS,
} from '@shared/enums';
import { formatCep, formatCnpj, formatDateOnly, formatDateTime } from '@shared/format';
import { ROLE_LABELS } from '@shared/roles';
import {
  CONTATO_CANAL_LABELS,
  CONTATO_RESULTADO_LABELS,
  LEAD_STATUS_LABELS,
  MOTIVO_PERDA_LABELS,
} from '@shared/schemas/acompanhamento';
import { AUDIT_ACOES, AUDIT_ENTIDADES } from '@shared/schemas/auditoria';
import { PEDIDO_STATUS_LABELS, PEDIDO_TIPO_LABELS } from '@shared/schemas/lgpd-textos';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';

/**
 * How an audit row's changes and details read on screen (issue 17): a field's name in Portuguese words and its
 * value as the other screens show it. The server already masked personal data; nothing here unmasks it.
 */

/** Shown for an empty value: a field that had nothing before (a creation) or has nothing now. */
export const VAZIO = '—';

/** Date and time in Brasília's clock, wherever the browser is: dd/mm/aaaa hh:mm. */
export const quando = (value: string) => formatDateTime(value, { withTime: true, timeZone: BRASILIA_TIME_ZONE });

const CAMPO_LABELS: Record<string, string> = {
  nomeFantasia: 'Nome fantasia',
  razaoSocial: 'Razão social',
  cnpj: 'CNPJ',
  repLegal: 'Representante legal',
  produto: 'Produto',
  kit: 'Kit',
  cpf: 'CPF',
  telefone: 'Telefone',
  celular: 'Celular',
  email: 'E-mail',
  newEmail: 'Novo e-mail',
  novoEmail: 'Novo e-mail',
  endereco: 'Endereço',
  cep: 'CEP',
  cidade: 'Cidade',
  estado: 'Estado',
  isActive: 'Ativo',
  status: 'Status',
  nome: 'Nome',
  role: 'Perfil',
  papel: 'Perfil',
  dataNascimento: 'Data de nascimento',
  nomeAluno: 'Nome do aluno',
  nomeResponsavel: 'Nome do responsável',
  proximoContatoEm: 'Próximo contato',
  responsavelId: 'Vendedor responsável',
  franquiaId: 'Franquia',
  microFranquiaId: 'Micro-franquia',
  vendedorId: 'Vendedor',
  clienteId: 'Cliente',
  eventoId: 'Evento',
  cursoId: 'Curso',
  motivoPerda: 'Motivo da perda',
  canal: 'Canal',
  resultado: 'Resultado',
  observacao: 'Observação',
  titulo: 'Título',
  descricao: 'Descrição',
  nomeEscola: 'Escola',
  tipoEscola: 'Tipo de escola',
  localEvento: 'Local do evento',
  dataEvento: 'Data do evento',
  horario: 'Horário',
  departamento: 'Departamento',
  prioridade: 'Prioridade',
  resolucao: 'Resolução',
  // An audit row's details: an export's filters, a refused sign-in, an ended session.
  filtros: 'Filtros',
  linhas: 'Linhas exportadas',
  completo: 'Exportação completa',
  motivo: 'Motivo',
  enviado: 'E-mail enviado',
  convite: 'Convite enviado',
  sessao: 'Sessão',
  sessoesEncerradas: 'Sessões encerradas',
  dispositivo: 'Dispositivo',
  ip: 'IP',
  de: 'De',
  ate: 'Até',
  data: 'Data',
  q: 'Busca',
  acao: 'Ação',
  entidade: 'Tipo de registro',
  entidadeId: 'Registro',
  usuarioId: 'Quem fez',
  // LGPD (issue 18): a request's answer, what a titular search went by and what an anonymisation reached.
  resposta: 'Resposta',
  pedidoId: 'Pedido',
  por: 'Buscado por',
  registros: 'Registros',
  leads: 'Inscrições',
  preMatriculas: 'Pré-matrículas',
  matriculas: 'Matrículas',
  contas: 'Contas de aluno',
  // Issue 49: a device's queue of check-ins made without a signal, and each presence it registered.
  meio: 'Como',
  dispositivoNome: 'Nome do aparelho',
  idCliente: 'Check-in no aparelho',
  itens: 'Check-ins enviados',
  registradas: 'Presenças registradas',
  jaRegistradas: 'Já registradas',
  conflitos: 'Conflitos',
  recusadas: 'Recusadas',
  reenviadas: 'Reenviados (já recebidos antes)',
};

/** A field without a label of its own: its camelCase name as words ('valorComDesconto' -> 'Valor com desconto'). */
function emPalavras(campo: string): string {
  const words = campo
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : campo;
}

export function campoLabel(campo: string): string {
  return CAMPO_LABELS[campo] ?? emPalavras(campo);
}

const MOTIVO_LABELS: Record<string, string> = {
  credenciais: 'E-mail ou senha incorretos',
  inativo: 'Conta inativa',
};

/** The words of a coded value, by the field it is in. */
const VALOR_LABELS: Record<string, Record<string, string>> = {
  produto: PRODUTO_LABELS,
  kit: KIT_LABELS,
  role: ROLE_LABELS,
  papel: ROLE_LABELS,
  status: { ...PEDIDO_STATUS_LABELS, ...EVENTO_STATUS_LABELS, ...TICKET_STATUS_LABELS, ...LEAD_STATUS_LABELS },
  motivoPerda: MOTIVO_PERDA_LABELS,
  canal: CONTATO_CANAL_LABELS,
  resultado: CONTATO_RESULTADO_LABELS,
  tipoEscola: TIPO_ESCOLA_LABELS,
  localEvento: LOCAL_EVENTO_LABELS,
  departamento: DEPARTAMENTO_LABELS,
  prioridade: TICKET_PRIORIDADE_LABELS,
  motivo: MOTIVO_LABELS,
  por: { email: 'E-mail', cpf: 'CPF', telefone: 'Telefone' },
  // How the door knew the family: its QR code, its code typed, its name, or a device's queue without a signal.
  meio: { voucher: 'QR code do voucher', codigo: 'Código do voucher', nome: 'Busca por nome', offline: 'Sem conexão' },
  tipo: PEDIDO_TIPO_LABELS,
  acao: Object.fromEntries(Object.entries(AUDIT_ACOES).map(([acao, { rotulo }]) => [acao, rotulo])),
  entidade: AUDIT_ENTIDADES,
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const numero = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** A field's value as text: '—' for nothing, Sim/Não, dates in pt-BR, codes in words, lists and objects inline. */
export function valorTexto(campo: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return VAZIO;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return numero.format(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => valorTexto(campo, v)).join(', ') : VAZIO;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length) return VAZIO;
    return entries.map(([inner, v]) => `${campoLabel(inner)}: ${valorTexto(inner, v)}`).join('; ');
  }
  const text = String(value);
  const label = VALOR_LABELS[campo]?.[text];
  if (label) return label;
  if (campo === 'cnpj') return formatCnpj(text);
  if (campo === 'cep') return formatCep(text);
  if (ISO_DATE_TIME.test(text)) return quando(text);
  if (ISO_DATE.test(text)) return formatDateOnly(text);
  return text;
}

export interface Alteracao {
  campo: string;
  label: string;
  antes: string;
  depois: string;
}

/** The changes of a row, one line per field, in the order the server wrote them. */
export function alteracoesLinhas(alteracoes: Record<string, [unknown, unknown]> | null): Alteracao[] {
  if (!alteracoes) return [];
  return Object.entries(alteracoes).map(([campo, [antes, depois]]) => ({
    campo,
    label: campoLabel(campo),
    antes: valorTexto(campo, antes),
    depois: valorTexto(campo, depois),
  }));
}

export interface Detalhe {
  campo: string;
  label: string;
  /** A value, or the lines of a nested object (an export's filters). */
  valor: string | { label: string; valor: string }[];
}

/** The details of a row (an export's filters and rows, a refused sign-in's reason) as label and value. */
export function detalhesLinhas(detalhes: Record<string, unknown> | null): Detalhe[] {
  if (!detalhes) return [];
  return Object.entries(detalhes).map(([campo, value]) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = Object.entries(value as Record<string, unknown>).map(([k, v]) => ({
        label: campoLabel(k),
        valor: valorTexto(k, v),
      }));
      return { campo, label: campoLabel(campo), valor: inner.length ? inner : VAZIO };
    }
    return { campo, label: campoLabel(campo), valor: valorTexto(campo, value) };
  });
}
