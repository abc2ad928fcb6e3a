/**
 * WhatsApp: the network's texts for the lead panel's `wa.me` button (issue 51, ADR 091), and the notices sent to
 * families through the official Cloud API, with their consent (issue 47, ADR 103).
 */
export { whatsappRoutes } from './whatsapp.routes';
export { whatsappCloudRoutes } from './cloud.routes';
export { type Aviso, enfileirarAviso, jobDoAviso, numeroWhatsapp } from './avisos';
export { familiaConsentiu } from './cloud.repository';
