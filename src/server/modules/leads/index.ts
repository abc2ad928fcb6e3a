/**
 * What other modules use of leads: the follow-up's own rows that their writes touch, and the dashboard's counts and
 * the follow-up due (the agenda's, issue 49).
 */
export {
  convertLeadOf,
  countAcompanhamento,
  listRetornosDevidos,
  recordMensagemWhatsapp,
  recordReinscricao,
} from './acompanhamento.repository';
