/** Modelos de contrato and the contracts frozen from them (issue 42, ADR 064). */
export { contratosRoutes } from './contratos.routes';
export { congelarContrato } from './contrato.service';
export { findContratoDaMatricula, modeloVigente } from './contratos.repository';
