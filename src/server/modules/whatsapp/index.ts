/** Modelos de mensagem de WhatsApp (issue 51, ADR 091): the network's texts for the lead panel's WhatsApp button. */
export { whatsappRoutes } from './whatsapp.routes';
