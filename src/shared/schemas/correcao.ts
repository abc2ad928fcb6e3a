import { z } from 'zod';
import { nomeField, publicEmailField, publicTelefoneField } from './public';
import { PUBLIC_MESSAGES } from './public-messages';

/**
 * Correcting a titular's data (LGPD art. 18 III, issue 39 item 14): the names, e-mail and phone of a lead, a
 * pré-matrícula or a matrícula, by the staff who manage that record or who answer the titular's 'Correção de
 * dados' request. The same rules as the public forms that collected them.
 */

export const CORRECAO_MESSAGES = {
  nadaAlterar: 'Altere ao menos um dos dados',
  registroInvalido: 'Registro não encontrado',
  tipoInvalido: 'Tipo de registro inválido',
  naoEncontrado: 'Registro não encontrado',
  anonimizado: 'Os dados deste registro foram anonimizados e não podem ser corrigidos.',
  semResponsavel: 'Uma matrícula não guarda o nome do responsável',
  inscricaoRepetida: 'O aluno já tem outra inscrição com este e-mail neste evento',
  pedidoNaoCorrecao: 'Só um pedido de correção de dados permite corrigir os registros do titular',
  corrigido: 'Dados corrigidos. O titular foi avisado por e-mail.',
} as const;

/** The fields a correction may change, with their words on screen and in the family's e-mail. */
export const CAMPOS_CORRIGIVEIS = ['nomeAluno', 'nomeResponsavel', 'email', 'telefone'] as const;
export type CampoCorrigivel = (typeof CAMPOS_CORRIGIVEIS)[number];
export const CAMPO_CORRIGIVEL_LABELS: Record<CampoCorrigivel, string> = {
  nomeAluno: 'Nome do aluno',
  nomeResponsavel: 'Nome do responsável',
  email: 'E-mail',
  telefone: 'Telefone',
};

const camposShape = {
  nomeAluno: nomeField(PUBLIC_MESSAGES.nomeAluno).optional(),
  nomeResponsavel: nomeField(PUBLIC_MESSAGES.nomeResponsavel).optional(),
  email: publicEmailField.optional(),
  telefone: publicTelefoneField.optional(),
};

const algumCampo = (value: Partial<Record<CampoCorrigivel, string>>) =>
  CAMPOS_CORRIGIVEIS.some((campo) => value[campo] !== undefined);

/** PATCH /api/leads/:id/dados and /api/pre-matriculas/:id/dados: any of the four, at least one. */
export const correcaoDadosSchema = z.object(camposShape).refine(algumCampo, CORRECAO_MESSAGES.nadaAlterar);
export type CorrecaoDados = z.output<typeof correcaoDadosSchema>;
export type CorrecaoDadosInput = z.input<typeof correcaoDadosSchema>;

export const REGISTROS_CORRIGIVEIS = ['lead', 'pre_matricula', 'matricula'] as const;
export type RegistroCorrigivel = (typeof REGISTROS_CORRIGIVEIS)[number];

/** POST /api/lgpd/pedidos/:id/correcoes: one record of the request's titular, and what to correct in it. */
export const pedidoCorrecaoSchema = z
  .object({
    tipo: z.enum(REGISTROS_CORRIGIVEIS, { error: CORRECAO_MESSAGES.tipoInvalido }),
    registroId: z.uuid(CORRECAO_MESSAGES.registroInvalido),
    ...camposShape,
  })
  .refine(algumCampo, CORRECAO_MESSAGES.nadaAlterar);
export type PedidoCorrecaoInput = z.input<typeof pedidoCorrecaoSchema>;
