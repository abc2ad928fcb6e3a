import type { FastifyInstance } from 'fastify';
import {
  WHATSAPP_MODELO_CHAVES,
  WHATSAPP_MODELOS_PADRAO,
  type WhatsappModelo,
  type WhatsappModeloChave,
} from '../../../shared/schemas/whatsapp';
import type { Actor } from '../../access/actor';
import { alteracoesDe } from '../../lib/mask';
import { audit } from '../auditoria';
import { listModelosDaRede, salvarModelo, type WhatsappModeloRow } from './whatsapp.repository';

/**
 * Modelos de mensagem de WhatsApp (issue 51, ADR 091): each template is the network's own text when it wrote one,
 * the product's otherwise; the title is always the product's.
 */
function toModelo(chave: WhatsappModeloChave, row: WhatsappModeloRow | undefined): WhatsappModelo {
  return {
    chave,
    titulo: WHATSAPP_MODELOS_PADRAO[chave].titulo,
    texto: row?.texto ?? WHATSAPP_MODELOS_PADRAO[chave].texto,
    padrao: row === undefined || row.texto === WHATSAPP_MODELOS_PADRAO[chave].texto,
    atualizadoEm: row ? new Date(row.updated_at).toISOString() : null,
  };
}

export async function listarModelos(app: FastifyInstance, actor: Actor): Promise<WhatsappModelo[]> {
  const rows = await listModelosDaRede(app.db, actor);
  return WHATSAPP_MODELO_CHAVES.map((chave) =>
    toModelo(
      chave,
      rows.find((r) => r.chave === chave),
    ),
  );
}

/** PUT /api/whatsapp/modelos/:chave: the franqueador's text for its network; audited with what it replaced. */
export async function editarModelo(
  app: FastifyInstance,
  actor: Actor,
  chave: WhatsappModeloChave,
  texto: string,
): Promise<WhatsappModelo> {
  return app.db.transaction(async (tx) => {
    const { antes, row } = await salvarModelo(tx, actor, chave, texto, app.clock.now());
    await audit(tx, {
      acao: 'whatsapp_modelo.editar',
      entidadeId: actor.franqueadorId,
      alteracoes: alteracoesDe({ texto: antes ?? WHATSAPP_MODELOS_PADRAO[chave].texto }, { texto }),
      detalhes: { chave },
    });
    return toModelo(chave, row);
  });
}
