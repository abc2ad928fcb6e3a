export {
  countSeated,
  findLeadsAtDoor,
  lockEventoForSeats,
  markPresentBatch,
  type NovoVoucher,
} from './inscricoes.repository';
export {
  avisoDoVoucher,
  camposDoEvento,
  doLead,
  issueVoucher,
  lembrarVespera,
  novoVoucher,
  promoteWaitingList,
  sendVoucherMail,
  VOUCHER_CODIGO_A_ESCREVER,
  voucherMail,
} from './inscricoes.service';
export type { EventoDoVoucher } from './inscricoes.mail';
