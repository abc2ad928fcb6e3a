import { formatDateOnly, formatPhone } from '@shared/format';
import {
  CONTATO_CANAL_LABELS,
  CONTATO_RESULTADO_LABELS,
  LEAD_STATUS_LABELS,
  MOTIVO_PERDA_LABELS,
  type HistoricoEntry,
} from '@shared/schemas/acompanhamento';
import { PRE_MATRICULA_STATUS_LABELS } from '@shared/schemas/funnel';

/**
 * A history entry (issue 16) in words: a title, lines of detail and, for contacts and notes, the text someone
 * wrote (shown as text, never as markup). `dados` comes from the server as JSON; anything not of the documented
 * shape is left out rather than trusted.
 */
export interface HistoricoDescricao {
  titulo: string;
  detalhes: string[];
  /** What a person wrote (a note, a contact's note). */
  texto: string | null;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

function label<K extends string>(labels: Record<K, string>, value: unknown): string | null {
  return typeof value === 'string' && value in labels ? labels[value as K] : null;
}

/** A `[before, after]` pair of `dados`, when it is one. */
function pair(value: unknown): [unknown, unknown] | null {
  return Array.isArray(value) && value.length === 2 ? [value[0], value[1]] : null;
}

function nome(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  return str((value as { nome?: unknown }).nome);
}

const SEM_RESPONSAVEL = 'Sem responsável';

function describeStatus(dados: Record<string, unknown>): HistoricoDescricao {
  const status = pair(dados.status);
  const motivo = pair(dados.motivoPerda);
  const retorno = pair(dados.proximoContatoEm);
  const detalhes: string[] = [];
  if (status) {
    const antes = label(LEAD_STATUS_LABELS, status[0]);
    const depois = label(LEAD_STATUS_LABELS, status[1]);
    if (depois) detalhes.push(antes ? `De ${antes} para ${depois}` : `Para ${depois}`);
  }
  if (motivo) {
    const depois = label(MOTIVO_PERDA_LABELS, motivo[1]);
    if (depois) detalhes.push(`Motivo da perda: ${depois}`);
  }
  if (retorno) {
    const depois = str(retorno[1]);
    detalhes.push(depois ? `Próximo contato: ${formatDateOnly(depois)}` : 'Próximo contato removido');
  }
  let titulo = 'Status alterado';
  if (!status && motivo) titulo = 'Motivo da perda alterado';
  else if (!status && retorno) titulo = str(retorno[1]) ? 'Retorno agendado' : 'Retorno removido';
  return { titulo, detalhes, texto: null };
}

export function describeHistorico(entry: HistoricoEntry): HistoricoDescricao {
  const dados = typeof entry.dados === 'object' && entry.dados !== null ? entry.dados : {};
  switch (entry.tipo) {
    case 'inscricao':
      return { titulo: 'Inscrição no evento', detalhes: [], texto: null };
    case 'reinscricao': {
      const detalhes: string[] = [];
      const responsavel = str(dados.nomeResponsavel);
      const telefone = str(dados.telefone);
      if (responsavel) detalhes.push(`Responsável: ${responsavel}`);
      if (telefone) detalhes.push(`Telefone: ${formatPhone(telefone)}`);
      return { titulo: 'Nova inscrição', detalhes, texto: null };
    }
    case 'pre_matricula': {
      const status = label(PRE_MATRICULA_STATUS_LABELS, dados.status);
      const aluno = str(dados.nomeAluno);
      return {
        titulo: 'Pré-matrícula',
        detalhes: [aluno ? `Aluno: ${aluno}` : null, status ? `Situação: ${status}` : null].filter(
          (line): line is string => line !== null,
        ),
        texto: null,
      };
    }
    case 'matricula': {
      const curso = str(dados.cursoInteresse);
      return { titulo: 'Matrícula efetivada', detalhes: curso ? [`Curso: ${curso}`] : [], texto: null };
    }
    case 'contato': {
      const canal = label(CONTATO_CANAL_LABELS, dados.canal);
      const resultado = label(CONTATO_RESULTADO_LABELS, dados.resultado);
      return {
        titulo: dados.canal === 'presencial' ? 'Contato presencial' : canal ? `Contato por ${canal}` : 'Contato',
        detalhes: resultado ? [`Resultado: ${resultado}`] : [],
        texto: str(dados.nota),
      };
    }
    case 'status':
      return describeStatus(dados);
    case 'responsavel': {
      const de = nome(dados.de) ?? SEM_RESPONSAVEL;
      const para = nome(dados.para) ?? SEM_RESPONSAVEL;
      // Issue 50: the unit's distribution rule (a public sign-up, an import, a redistribution) chose the vendedor.
      if (dados.automatico === true && nome(dados.para)) {
        const antes = nome(dados.de);
        return {
          titulo: `Atribuído automaticamente a ${para}`,
          detalhes: antes ? [`Antes: ${antes}`] : [],
          texto: null,
        };
      }
      return { titulo: 'Responsável alterado', detalhes: [`De ${de} para ${para}`], texto: null };
    }
    case 'nota':
      return { titulo: 'Nota', detalhes: [], texto: str(dados.texto) };
    // Issue 47: a message the family sent to the network's WhatsApp number (the Cloud API's webhook).
    case 'whatsapp':
      return { titulo: 'Mensagem recebida pelo WhatsApp', detalhes: [], texto: str(dados.texto) };
    default:
      return { titulo: 'Registro', detalhes: [], texto: null };
  }
}
