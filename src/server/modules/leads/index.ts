/** What other modules use of leads: the follow-up's own rows that their writes touch, and the dashboard's counts. */
export {
  convertLeadOf,
  countAcompanhamento,
  recordMensagemWhatsapp,
  recordReinscricao,
} from './acompanhamento.repository';
