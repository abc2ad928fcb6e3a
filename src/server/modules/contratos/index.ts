/** Modelos de contrato and the contracts frozen from them (issue 42, ADR 064); the family's acceptance (ADR 066). */
export { contratosRoutes } from './contratos.routes';
export { aceiteRoutes } from './aceite.routes';
export { congelarContrato } from './contrato.service';
export { findContratoDaMatricula, modeloVigente } from './contratos.repository';
export { aceiteParaEquipe, enviarLinkDoContrato } from './aceite.service';
// Issue 42: the staff's cancellation with its fee, and the daily reminder and expiry of contracts not accepted.
export { cancelamentoRoutes } from './cancelamento.routes';
export { registerContratosDiarios } from './diarias';
