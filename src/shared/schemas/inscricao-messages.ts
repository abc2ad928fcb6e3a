/**
 * The texts of an event's seats, sign-up deadline, voucher and check-in (issue 20). Plain constants, apart from
 * the zod rules in inscricao.ts: the public pages show them before the rules have loaded (ADR 015).
 */
export const INSCRICAO_MESSAGES = {
  esgotadas: 'As vagas deste evento estão esgotadas.',
  encerradas: 'As inscrições para este evento estão encerradas.',
  vagasEsgotadas: 'Vagas esgotadas',
  entrarListaEspera: 'Entrar na lista de espera',
  /** Issue 51: said next to the sign-up button while a full event's waiting-list box is unticked. */
  esgotadasMarqueListaEspera:
    'As vagas deste evento estão esgotadas. Marque a lista de espera acima para se inscrever.',
  inscricoesEncerradas: 'Inscrições encerradas',
  listaEspera: 'Lista de espera',
  listaEsperaSucesso: 'Você entrou na lista de espera!',
  listaEsperaDescricao:
    'Se uma vaga for liberada, você receberá um e-mail com a confirmação e o voucher de entrada no evento.',
  voucherNaoEncontrado: 'Voucher não encontrado ou expirado.',
  cancelar: 'Cancelar inscrição',
  cancelada: 'Inscrição cancelada.',
  jaCancelada: 'Esta inscrição já foi cancelada.',
  presencaRegistrada: 'Presença registrada',
  presencaJaRegistrada: 'Presença já registrada',
  inscricaoNaoEncontrada: 'Inscrição não encontrada neste evento.',
  presencaListaEspera: 'Esta inscrição está na lista de espera.',
  presencaCancelada: 'Esta inscrição foi cancelada.',
  presencaCorpo: 'Informe o voucher ou a inscrição',
} as const;

/** 'Restam N vagas' appears when this share of the seats or less is left (issue 20). */
export const POUCAS_VAGAS = 0.2;

/** 'Restam 1 vaga' / 'Restam 3 vagas'. */
export function restamVagas(n: number): string {
  return n === 1 ? 'Resta 1 vaga' : `Restam ${n} vagas`;
}

/** What the public page says of an event's seats: nothing while plenty remain. */
export function vagasAviso(evento: {
  vagas?: number | null;
  vagasRestantes?: number;
  inscricoesAbertas: boolean;
}): string | null {
  if (!evento.inscricoesAbertas) return INSCRICAO_MESSAGES.inscricoesEncerradas;
  if (evento.vagasRestantes === undefined || !evento.vagas) return null;
  if (evento.vagasRestantes <= 0) return INSCRICAO_MESSAGES.vagasEsgotadas;
  if (evento.vagasRestantes <= evento.vagas * POUCAS_VAGAS) return restamVagas(evento.vagasRestantes);
  return null;
}

/** 'N presentes de M inscritos' on the event card. */
export function presentesLabel(presentes: number, inscritos: number): string {
  return `${presentes} ${presentes === 1 ? 'presente' : 'presentes'} de ${inscritos} ${inscritos === 1 ? 'inscrito' : 'inscritos'}`;
}
