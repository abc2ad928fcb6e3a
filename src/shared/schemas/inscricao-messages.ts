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
  /** Issue 51 (ADR 090): the voucher's short code, typed at the door. */
  codigoInvalido: 'Código do voucher inválido: são 6 letras e números, sem 0, O, 1 ou I.',
  codigoNaoEncontrado: 'Código não encontrado neste evento.',
  codigoOutroEvento: 'Este código é de um voucher de outro evento.',
  codigoDoVoucher: 'Código do voucher',
} as const;

/**
 * The voucher's short code (issue 51, ADR 090): 6 characters of an alphabet that cannot be misread aloud or on a
 * phone's screen -- no 0/O, no 1/I. The database draws it (voucher_codigo_novo); the door types it in any case.
 */
export const VOUCHER_CODIGO_ALFABETO = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const VOUCHER_CODIGO_TAMANHO = 6;

/** What the staff typed, as the code is stored: spaces and hyphens out, upper case. */
export const normalizarCodigo = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();

/** 'ABC234' shown as 'ABC 234', easier to read out at the door. */
export const codigoParaLer = (codigo: string) => `${codigo.slice(0, 3)} ${codigo.slice(3)}`;

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
