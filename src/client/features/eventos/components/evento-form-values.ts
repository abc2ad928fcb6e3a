import { EVENTO_STATUS_LABELS, eventoStatusOptions, type EventoStatus, type Option } from '@shared/enums';
import { maskCep } from '@shared/format';
import {
  inscricoesAteFromField,
  inscricoesAteToField,
  isFinalStatus,
  type Evento,
  type EventoFormInput,
  type EventoFormValues,
} from '@shared/schemas/evento';
import type { CursoOption } from '../api/get-cursos-do-cliente';
import type { EventoBody } from '../api/create-evento';

/** The form's first values: the event's (its CEP masked), or a new event's. */
export function eventoFormDefaults(evento?: Evento): Partial<EventoFormInput> {
  return {
    clienteId: evento?.clienteId ?? '',
    nomeEscola: evento?.nomeEscola ?? '',
    tipoEscola: evento?.tipoEscola ?? 'publica',
    cep: maskCep(evento?.cep),
    logradouro: evento?.logradouro ?? '',
    numero: evento?.numero ?? '',
    complemento: evento?.complemento ?? '',
    bairro: evento?.bairro ?? '',
    cidade: evento?.cidade ?? '',
    estado: evento?.estado ?? '',
    dataDistribuicao: evento?.dataDistribuicao ?? '',
    dataEvento: evento?.dataEvento ?? '',
    horario: evento?.horario ?? '',
    local: evento?.local ?? 'escola',
    qtdAlunos: evento?.qtdAlunos,
    valorTotalDesconto: evento?.valorTotalDesconto ?? undefined,
    observacao: evento?.observacao ?? '',
    cursoIds: evento?.cursoIds ?? [],
    status: evento?.status ?? 'agendado',
    vagas: evento?.vagas ? String(evento.vagas) : '',
    inscricoesAte: inscricoesAteToField(evento?.inscricoesAte),
  };
}

export interface EventoBodyOptions {
  /** The caller chooses the client (everyone but a cliente, whose own id comes from its session). */
  pickCliente: boolean;
  /** Only an edit sends the status. */
  isEdit: boolean;
}

/**
 * SPEC §5: an empty CEP and a discount of 0 are left out; a cliente's own id comes from its session. Empty seats
 * and deadline are sent as null: no limit (issue 20). An empty part of the street address is sent as null, so an
 * edit that empties it clears it (issue 51).
 */
export function toEventoBody(values: EventoFormValues, { pickCliente, isEdit }: EventoBodyOptions): EventoBody {
  const { clienteId, cep, valorTotalDesconto, observacao, status, vagas, inscricoesAte, ...rest } = values;
  const { logradouro, numero, complemento, bairro } = rest;
  // Undefined keys are left out of the JSON.
  const body: EventoBody = {
    ...rest,
    logradouro: logradouro || null,
    numero: numero || null,
    complemento: complemento || null,
    bairro: bairro || null,
    cep: cep || undefined,
    valorTotalDesconto: valorTotalDesconto || undefined,
    observacao: observacao || undefined,
    vagas: vagas === '' ? null : Number(vagas),
    inscricoesAte: inscricoesAte === '' ? null : inscricoesAteFromField(inscricoesAte),
  };
  if (pickCliente) body.clienteId = clienteId;
  if (isEdit) body.status = status;
  return body;
}

/** The courses offered: active ones, and an inactive one only when the event already offers it. */
export function cursoChoices(cursos: readonly CursoOption[], selected: readonly string[]): CursoOption[] {
  return cursos.filter((curso) => curso.isActive || selected.includes(curso.id));
}

/** The status select's options: a concluded or cancelled event keeps its status. */
export function statusChoices(current: EventoStatus): readonly Option<EventoStatus>[] {
  return isFinalStatus(current) ? [{ value: current, label: EVENTO_STATUS_LABELS[current] }] : eventoStatusOptions;
}
