import {
  WHATSAPP_CAMPO_LABELS,
  type WhatsappCampo,
  type WhatsappCategoria,
  type WhatsappComponente,
  type WhatsappModeloView,
} from '@shared/schemas/whatsapp-cloud';
import type { WhatsappModeloBody } from '../../api/whatsapp-api';

/**
 * The template dialog's values (issue 47): a position and a button index typed as text, '' for what is not chosen
 * yet. The payload is what POST/PUT /api/integracoes/whatsapp/modelos take; the shared schema checks it (its
 * messages go under the fields they name).
 */
export interface VariavelFormValues {
  componente: WhatsappComponente;
  posicao: string;
  /** Only a button's: its index in WhatsApp Manager, from 0. */
  botao: string;
  campo: WhatsappCampo | '';
}

export interface ModeloFormValues {
  nome: string;
  idioma: string;
  categoria: WhatsappCategoria | '';
  variaveis: VariavelFormValues[];
}

export const MODELO_VAZIO: ModeloFormValues = { nome: '', idioma: 'pt_BR', categoria: 'UTILITY', variaveis: [] };

/** The next variable of the body: {{n}} after the body's last one. */
export function proximaVariavel(variaveis: readonly VariavelFormValues[]): VariavelFormValues {
  const corpo = variaveis.filter((v) => v.componente === 'body').map((v) => Number(v.posicao) || 0);
  return { componente: 'body', posicao: String(Math.max(0, ...corpo) + 1), botao: '', campo: '' };
}

/**
 * Where a variable whose component was just chosen goes: a header's and a link button's are their {{1}} (a button
 * the first index the others leave free), a body's the next of the body.
 */
export function sugerirPosicao(
  componente: WhatsappComponente,
  outras: readonly VariavelFormValues[],
): Pick<VariavelFormValues, 'posicao' | 'botao'> {
  if (componente === 'body') return { posicao: proximaVariavel(outras).posicao, botao: '' };
  if (componente === 'header') return { posicao: '1', botao: '' };
  const usados = new Set(outras.filter((v) => v.componente === 'button').map((v) => v.botao));
  let botao = 0;
  while (usados.has(String(botao))) botao++;
  return { posicao: '1', botao: String(botao) };
}

/** A template as its edit dialog starts. */
export const modeloValuesFrom = (m: WhatsappModeloView): ModeloFormValues => ({
  nome: m.nome,
  idioma: m.idioma,
  categoria: m.categoria,
  variaveis: m.variaveis.map((v) => ({
    componente: v.componente,
    posicao: String(v.posicao),
    botao: v.botao === null ? '' : String(v.botao),
    campo: v.campo,
  })),
});

/** '' stays absent (the schema's message); anything else a number, NaN for what is not one. */
const numero = (texto: string): number | undefined => (texto.trim() === '' ? undefined : Number(texto.trim()));

/** The body of POST and PUT: a button's index only on a button's variable. */
export const modeloPayload = (v: ModeloFormValues): WhatsappModeloBody => ({
  nome: v.nome.trim(),
  idioma: v.idioma.trim(),
  categoria: v.categoria || undefined,
  variaveis: v.variaveis.map((variavel) => ({
    componente: variavel.componente,
    posicao: numero(variavel.posicao),
    ...(variavel.componente === 'button' ? { botao: numero(variavel.botao) ?? null } : {}),
    campo: variavel.campo || undefined,
  })),
});

const DO_COMPONENTE: Record<WhatsappComponente, (botao: number | null) => string> = {
  header: () => 'do cabeçalho',
  body: () => 'do corpo',
  button: (botao) => (botao === null ? 'do botão' : `do botão ${botao}`),
};

/** '{{1}} do corpo → Primeiro nome do aluno'. */
export const descreverVariavel = (v: WhatsappModeloView['variaveis'][number]): string =>
  `{{${v.posicao}}} ${DO_COMPONENTE[v.componente](v.botao)} → ${WHATSAPP_CAMPO_LABELS[v.campo]}`;
