export {
  beforeDeadline,
  countSeated,
  lockEventoForSeats,
  type NovoVoucher,
  voucherInsert,
} from './inscricoes.repository';
export {
  doLead,
  issueVoucher,
  novoVoucher,
  promoteWaitingList,
  sendVoucherMail,
  voucherMailJob,
} from './inscricoes.service';
