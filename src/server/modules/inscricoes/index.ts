export { beforeDeadline, countSeated, eventoCounts, lockEventoForSeats } from './inscricoes.repository';
export { issueVoucher, promoteWaitingList, sendVoucherMail } from './inscricoes.service';
