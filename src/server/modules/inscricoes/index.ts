export {
  beforeDeadline,
  countSeated,
  eventoCounts,
  lockEventoForSeats,
  type NovoVoucher,
  voucherInsert,
} from './inscricoes.repository';
export { issueVoucher, novoVoucher, promoteWaitingList, sendVoucherMail, voucherMailJob } from './inscricoes.service';
