import { z } from 'zod';
import { formatBRL } from '../format';
import { dividirEmParcelas, fromCentavos, toCentavos } from '../money/parcelas';
import { instante } from './fields';
import { funnelClienteSchema, funnelEventoSchema, origemVistaSchema } from './funnel-evento';

/**
 * The matrícula's course and price (issue 42, first slice; ADR 063): Efetivar's body, which course a matrícula
 * takes, and the price snapshot its answers carry. Read by the route, the service and the Efetivar dialog.
 */

/**
 * A matrícula's status (issue 42, second slice; ADR 064): it waits for the family to accept its contract, is
 * active once accepted, and may end cancelled -- withdrawn within 7 days, cancelled later, or its contract's link
 * expired. Every status counts as a matrícula efetivada in the dashboards and reports.
 */
export const MATRICULA_STATUSES = ['aguardando_aceite', 'ativa', 'cancelada'] as const;
export type MatriculaStatus = (typeof MATRICULA_STATUSES)[number];
export const MATRICULA_STATUS_LABELS: Record<MatriculaStatus, string> = {
  aguardando_aceite: 'Aguardando aceite',
  ativa: 'Ativa',
  cancelada: 'Cancelada',
};

export const MOTIVOS_CANCELAMENTO = ['arrependimento', 'cancelamento', 'contrato_expirado'] as const;
export type MotivoCancelamento = (typeof MOTIVOS_CANCELAMENTO)[number];
export const MOTIVO_CANCELAMENTO_LABELS: Record<MotivoCancelamento, string> = {
  arrependimento: 'Desistência em 7 dias',
  cancelamento: 'Cancelamento',
  contrato_expirado: 'Contrato expirado',
};

export const MATRICULA_MESSAGES = {
  escolhaOCurso: 'Escolha o curso da matrícula.',
  cursoForaDoEvento: 'Este curso não é oferecido pelo evento desta pré-matrícula. Escolha um dos cursos do evento.',
} as const;

/**
 * POST /api/matriculas/efetivar/:id: no body (SPEC §7's call) or `{cursoId}`, one of the event's active courses.
 * '' and null mean none, as the dialog's empty option sends.
 */
export const efetivarBodySchema = z
  .object({
    cursoId: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.guid(MATRICULA_MESSAGES.cursoForaDoEvento).optional(),
    ),
  })
  // No body at all: Fastify hands the schema null.
  .nullish();
export type EfetivarBody = z.input<typeof efetivarBodySchema>;

/** What a course offers a matrícula: its title and price today, with its hours (the sum of its active modules). */
export interface CursoOferecido {
  id: string;
  titulo: string;
  /** Reais, two decimals. */
  valor: number;
  valorComDesconto: number | null;
  parcelas: number;
}

const normalizado = (titulo: string) => titulo.trim().toLocaleLowerCase('pt-BR');

export type CursoDaMatricula<C> = { curso: C } | { erro: 'escolher' | 'foraDoEvento' };

/**
 * The course a matrícula takes (issue 42): the one chosen (`cursoId`), which must be one of the event's active
 * courses; else the pré-matrícula's 'Curso de interesse' (stored as the title) when it names exactly one of them;
 * else the event's only active course. A course of interest the event no longer offers is never swapped for
 * another: the staff choose. `cursos` are the event's active courses.
 */
export function cursoDaMatricula<C extends { id: string; titulo: string }>(
  cursoInteresse: string | null | undefined,
  cursos: readonly C[],
  cursoId?: string,
): CursoDaMatricula<C> {
  if (cursoId !== undefined) {
    const escolhido = cursos.find((c) => c.id === cursoId);
    return escolhido ? { curso: escolhido } : { erro: 'foraDoEvento' };
  }
  if (cursoInteresse && cursoInteresse.trim() !== '') {
    const iguais = cursos.filter((c) => normalizado(c.titulo) === normalizado(cursoInteresse));
    return iguais.length === 1 ? { curso: iguais[0]! } : { erro: 'escolher' };
  }
  return cursos.length === 1 ? { curso: cursos[0]! } : { erro: 'escolher' };
}

/** What the family pays: the discounted value when the course has one, else its value (SPEC §3's cursos). */
export function valorAPagar(curso: Pick<CursoOferecido, 'valor' | 'valorComDesconto'>): number {
  return curso.valorComDesconto ?? curso.valor;
}

/**
 * A course's price as a matrícula keeps it (issue 42): the total (the discounted value when there is one) split
 * into its parcelas to the cent, the last taking the rounding; reais with two decimals, computed in centavos.
 */
export function precoDoCurso(curso: Pick<CursoOferecido, 'valor' | 'valorComDesconto' | 'parcelas'>): {
  valorTotal: number;
  parcelas: number;
  valorParcela: number;
  valorUltimaParcela: number;
} {
  const total = toCentavos(valorAPagar(curso));
  const { valorParcela, valorUltimaParcela } = dividirEmParcelas(total, curso.parcelas);
  return {
    valorTotal: fromCentavos(total),
    parcelas: curso.parcelas,
    valorParcela: fromCentavos(valorParcela),
    valorUltimaParcela: fromCentavos(valorUltimaParcela),
  };
}

/**
 * The price snapshot on every matrícula answer (issue 42): the course and its price at Efetivar. Null only on
 * a matrícula made before it whose course could not be known.
 */
export const matriculaCursoShape = {
  cursoId: z.string().nullable(),
  cursoTitulo: z.string().nullable(),
  /** Hours: the sum of the course's active modules at Efetivar. */
  cursoCargaHoraria: z.number().nullable(),
  valor: z.number().nullable(),
  valorComDesconto: z.number().nullable(),
  parcelas: z.number().nullable(),
  /** valorComDesconto when the course had one, else valor. */
  valorTotal: z.number().nullable(),
  /** Each parcela but the last. */
  valorParcela: z.number().nullable(),
  /** The last parcela, which takes the rounding. */
  valorUltimaParcela: z.number().nullable(),
};
export type MatriculaCurso = { [K in keyof typeof matriculaCursoShape]: z.infer<(typeof matriculaCursoShape)[K]> };

/** A matrícula as GET /api/matriculas and Efetivar answer it: their response schema (ADR 018). */
export const matriculaViewSchema = z.object({
  id: z.string(),
  preMatriculaId: z.string().nullable(),
  eventoId: z.string(),
  leadId: z.string().nullable(),
  nome: z.string(),
  email: z.string(),
  telefone: z.string().nullable(),
  consentimentoRevogado: z.boolean(),
  cursoInteresse: z.string().nullable(),
  efetivadaEm: instante,
  createdAt: instante,
  ...matriculaCursoShape,
  /** Issue 42: where its contract stands; `motivoCancelamento` and `canceladaEm` only when cancelled. */
  status: z.enum(MATRICULA_STATUSES),
  motivoCancelamento: z.enum(MOTIVOS_CANCELAMENTO).nullable(),
  canceladaEm: instante.nullable(),
});

/** A row of the list: the matrícula with its event, and for the franqueador its cliente (SPEC §3). */
export const matriculaItemSchema = matriculaViewSchema.extend({
  evento: funnelEventoSchema,
  cliente: funnelClienteSchema.nullable().optional(),
  /** Issue 48, staff only: where the family came from, its pré-matrícula's; null when it came with none. */
  origem: origemVistaSchema.nullable().optional(),
});

/** 'R$ 1.200,00 em 10x de R$ 120,00' (the last parcela, when it differs: '... e 1x de R$ 33,34'). */
export function descricaoDoPreco(
  m: Pick<MatriculaCurso, 'valorTotal' | 'parcelas' | 'valorParcela' | 'valorUltimaParcela'>,
): string | null {
  if (m.valorTotal === null || m.parcelas === null || m.valorParcela === null || m.valorUltimaParcela === null) {
    return null;
  }
  const total = formatBRL(m.valorTotal);
  if (m.parcelas === 1) return `${total} à vista`;
  if (m.valorUltimaParcela === m.valorParcela) return `${total} em ${m.parcelas}x de ${formatBRL(m.valorParcela)}`;
  const iguais = m.parcelas - 1;
  return `${total} em ${iguais}x de ${formatBRL(m.valorParcela)} e 1x de ${formatBRL(m.valorUltimaParcela)}`;
}
