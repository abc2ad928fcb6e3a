import type { FastifyInstance } from 'fastify';
import { asaasGateway } from './asaas.gateway';
import type { GatewayDeCobranca } from './gateway';
import { simuladoGateway } from './simulado.gateway';

// Keyed by the app's configuration: one gateway for the root app and every encapsulated child of it.
const gateways = new WeakMap<object, GatewayDeCobranca | null>();

/** The app's gateway (COBRANCA_PROVEDOR), made once; null when billing is off (production without a provider). */
export function gatewayDe(app: FastifyInstance): GatewayDeCobranca | null {
  const chave = app.config;
  if (!gateways.has(chave)) {
    const { provedor, asaas } = app.config.cobranca;
    gateways.set(
      chave,
      provedor === 'asaas' && asaas
        ? asaasGateway({ url: asaas.url, apiKey: asaas.apiKey })
        : provedor === 'simulado'
          ? simuladoGateway(() => app.clock.now())
          : null,
    );
  }
  return gateways.get(chave) ?? null;
}
