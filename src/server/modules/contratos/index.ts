/** Modelos de contrato and the contracts frozen from them (issue 42, ADR 064); the family's acceptance (ADR 066). */
export { contratosRoutes } from './contratos.routes';
export { aceiteRoutes } from './aceite.routes';
export { congelarContrato } from './contrato.service';
export { findContratoDaMatricula, modeloVigente } from './contratos.repository';
export { aceiteParaEquipe, enviarLinkDoContrato } from './aceite.service';
