/**
 * Issue 47's bench (ADR 103): the public sign-up with 'Quero receber avisos pelo WhatsApp' ticked, measured beside
 * the plain one, and a burst of 1,000 such sign-ups whose 1,000 notices must all be queued (and sent). The bench's
 * server talks to a Cloud API of its own here, which answers every template at once with a new `wamid` and counts
 * what it took; the bench network gets a template for the sign-up's moment at the start of the run.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '../src/server/db/connect';

export const BENCH_WHATSAPP_PORT = 5393;
/** What the bench's server needs to send its notices through `whatsappDoBench`. */
export const WHATSAPP_ENV = {
  WHATSAPP_API_URL: `http://127.0.0.1:${BENCH_WHATSAPP_PORT}/v21.0`,
  WHATSAPP_TOKEN: 'bench-whatsapp-token',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_APP_SECRET: 'bench-whatsapp-app-secret-0123456789',
  WHATSAPP_VERIFY_TOKEN: 'bench-whatsapp-verify-token-012345',
};

export interface WhatsappDoBench {
  server: Server;
  /** The messages the Cloud API took since the run began. */
  recebidas(): number;
}

/**
 * The bench's Cloud API, and a template for the sign-up's confirmation in the network of `eventoId` (the event the
 * sign-ups go to; written again at every run, so the moment always has it).
 */
export async function whatsappDoBench(db: Database, eventoId: string): Promise<WhatsappDoBench> {
  const [rede] = await executeRows<{ id: string }>(
    db,
    sql`select franqueador_id as id from eventos where id = ${eventoId}::uuid`,
  );
  const franqueadorId = rede!.id;
  const [modelo] = await executeRows<{ id: string }>(
    db,
    sql`insert into whatsapp_cloud_modelos (franqueador_id, nome, idioma, categoria, variaveis)
      values (${franqueadorId}::uuid, 'bench_confirmacao', 'pt_BR', 'UTILITY',
        '[{"componente":"body","posicao":1,"botao":null,"campo":"primeiro_nome"},
          {"componente":"body","posicao":2,"botao":null,"campo":"evento"},
          {"componente":"button","posicao":1,"botao":0,"campo":"link_voucher"}]'::jsonb)
      on conflict (franqueador_id, nome, idioma) do update set updated_at = now()
      returning id`,
  );
  await db.execute(sql`insert into whatsapp_momentos (franqueador_id, momento, modelo_id)
    values (${franqueadorId}::uuid, 'inscricao', ${modelo!.id}::uuid)
    on conflict (franqueador_id, momento) do update set modelo_id = excluded.modelo_id`);
  let recebidas = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      recebidas += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: '5511987654321', wa_id: '5511987654321' }],
          messages: [{ id: `wamid.${randomBytes(12).toString('base64url')}` }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(BENCH_WHATSAPP_PORT, '127.0.0.1', resolve));
  return { server, recebidas: () => recebidas };
}

/** The `whatsapp` jobs written since `desde` (the burst's notices), and how many of them have been sent. */
export async function avisosDesde(db: Database, desde: Date): Promise<{ escritos: number; enviados: number }> {
  const [row] = await executeRows<{ escritos: number; enviados: number }>(
    db,
    sql`select count(*)::int as escritos, count(*) filter (where status = 'concluido')::int as enviados
      from jobs where tipo = 'whatsapp' and created_at >= ${desde.toISOString()}::timestamptz`,
  );
  return row ?? { escritos: 0, enviados: 0 };
}
