export { beforeDeadline, countSeated, eventoCounts, lockEventoForSeats, voucherInsert } from './inscricoes.repository';
export { issueVoucher, novoVoucher, promoteWaitingList, sendVoucherMail, voucherMailJob } from './inscricoes.service';
