import type { Roteiro, RoteiroItem } from '@shared/schemas/check-in-offline';
import { done, STORES, withStores } from '@/lib/offline-db';
import { sha256Hex } from './hash';

/**
 * An event's roster on the device (issue 49, ADR 105): what GET /api/eventos/:id/check-in/roteiro answered, when it
 * was stored, and the families checked in here since. Forgotten after `expiraEm`.
 */
export interface RoteiroGuardado {
  eventoId: string;
  roteiro: Roteiro;
  /** When the device stored it (ISO). */
  atualizadoEm: string;
}

/** A check-in waiting in the device's queue. `token` or `leadId` is what is sent; `leadIdLocal` and `nome` are the screen's. */
export interface CheckInNaFila {
  idCliente: string;
  eventoId: string;
  token?: string;
  leadId?: string;
  em: string;
  leadIdLocal: string;
  nome: string;
}

export const nomeDoItem = (item: Pick<RoteiroItem, 'primeiroNome' | 'iniciais'>) =>
  item.iniciais ? `${item.primeiroNome} ${item.iniciais}` : item.primeiroNome;

export const expirado = (roteiro: Pick<Roteiro, 'expiraEm'>, now: Date) => new Date(roteiro.expiraEm) <= now;

async function pendingLeadIds(tx: IDBTransaction, eventoId: string): Promise<Set<string>> {
  const items = await done(
    tx.objectStore(STORES.fila).index('eventoId').getAll(eventoId) as IDBRequest<CheckInNaFila[]>,
  );
  return new Set(items.map((item) => item.leadIdLocal));
}

/**
 * Stores the server's roster for its event, replacing the previous one; the families still in this device's queue
 * stay present (the server has not heard of them yet).
 */
export async function guardarRoteiro(roteiro: Roteiro, now: Date): Promise<RoteiroGuardado> {
  return withStores([STORES.roteiros, STORES.fila], 'readwrite', async (tx) => {
    const pendentes = await pendingLeadIds(tx, roteiro.eventoId);
    const registro: RoteiroGuardado = {
      eventoId: roteiro.eventoId,
      atualizadoEm: now.toISOString(),
      roteiro: {
        ...roteiro,
        itens: roteiro.itens.map((item) => (pendentes.has(item.leadId) ? { ...item, presente: true } : item)),
      },
    };
    await done(tx.objectStore(STORES.roteiros).put(registro));
    return registro;
  });
}

/**
 * The event's roster on this device: `null` when there is none, `'expirado'` when it was past its `expiraEm`
 * (and is deleted now).
 */
export async function lerRoteiro(eventoId: string, now: Date): Promise<RoteiroGuardado | 'expirado' | null> {
  return withStores([STORES.roteiros], 'readwrite', async (tx) => {
    const store = tx.objectStore(STORES.roteiros);
    const registro = (await done(store.get(eventoId) as IDBRequest<RoteiroGuardado | undefined>)) ?? null;
    if (registro && expirado(registro.roteiro, now)) {
      await done(store.delete(eventoId));
      return 'expirado';
    }
    return registro;
  });
}

/** How the family was known at the door. */
export type Identificacao = { token: string } | { codigo: string } | { leadId: string };

/** The roster's family for a voucher token (its SHA-256 among `tokenHashes`), a short code, or a lead id. */
export async function encontrar(roteiro: Roteiro, how: Identificacao): Promise<RoteiroItem | null> {
  if ('leadId' in how) return roteiro.itens.find((item) => item.leadId === how.leadId) ?? null;
  if ('token' in how) {
    const hash = await sha256Hex(how.token);
    return roteiro.itens.find((item) => item.tokenHashes.includes(hash)) ?? null;
  }
  const hash = await sha256Hex(how.codigo.toUpperCase());
  return roteiro.itens.find((item) => item.codigoHash === hash) ?? null;
}

const semAcento = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The roster's families whose first name (or initials) match what was typed, accents and case aside. */
export function procurar(roteiro: Roteiro, q: string, limite = 50): RoteiroItem[] {
  const termo = semAcento(q.trim());
  if (!termo) return roteiro.itens.slice(0, limite);
  return roteiro.itens
    .filter((item) => semAcento(`${item.primeiroNome} ${item.iniciais}`).includes(termo))
    .slice(0, limite);
}

export type CheckInLocal =
  | { resultado: 'registrada'; item: RoteiroItem; checkIn: CheckInNaFila }
  | { resultado: 'ja_registrada'; item: RoteiroItem }
  | { resultado: 'desconhecido' }
  | { resultado: 'sem_lista' }
  | { resultado: 'expirado' };

/**
 * A check-in with no signal: the family is found in the device's roster and marked present there, and the
 * check-in joins the queue with an id of its own -- both in one transaction, so neither is kept without the other.
 * A QR code's check-in is sent by its token; a name or a short code by the lead.
 */
export async function registrarLocal(
  eventoId: string,
  how: Identificacao,
  now: Date,
  idCliente: string = crypto.randomUUID(),
): Promise<CheckInLocal> {
  const lido = await lerRoteiro(eventoId, now);
  if (lido === null) return { resultado: 'sem_lista' };
  if (lido === 'expirado') return { resultado: 'expirado' };
  const achado = await encontrar(lido.roteiro, how);
  if (!achado) return { resultado: 'desconhecido' };
  return withStores([STORES.roteiros, STORES.fila], 'readwrite', async (tx) => {
    const roteiros = tx.objectStore(STORES.roteiros);
    // Read again inside the transaction: another check-in of this page may have landed since.
    const atual = (await done(roteiros.get(eventoId) as IDBRequest<RoteiroGuardado | undefined>)) ?? lido;
    const item = atual.roteiro.itens.find((i) => i.leadId === achado.leadId) ?? achado;
    if (item.presente) return { resultado: 'ja_registrada', item } as const;
    const checkIn: CheckInNaFila = {
      idCliente,
      eventoId,
      ...('token' in how ? { token: how.token } : { leadId: item.leadId }),
      em: now.toISOString(),
      leadIdLocal: item.leadId,
      nome: nomeDoItem(item),
    };
    await done(tx.objectStore(STORES.fila).put(checkIn));
    await done(
      roteiros.put({
        ...atual,
        roteiro: {
          ...atual.roteiro,
          itens: atual.roteiro.itens.map((i) => (i.leadId === item.leadId ? { ...i, presente: true } : i)),
        },
      } satisfies RoteiroGuardado),
    );
    return { resultado: 'registrada', item: { ...item, presente: true }, checkIn } as const;
  });
}

/** A presence registered online (the screen had a signal): the device's roster, if any, learns it at once. */
export async function marcarPresenteLocal(eventoId: string, leadId: string): Promise<void> {
  await withStores([STORES.roteiros], 'readwrite', async (tx) => {
    const store = tx.objectStore(STORES.roteiros);
    const atual = await done(store.get(eventoId) as IDBRequest<RoteiroGuardado | undefined>);
    if (!atual || !atual.roteiro.itens.some((i) => i.leadId === leadId && !i.presente)) return;
    await done(
      store.put({
        ...atual,
        roteiro: {
          ...atual.roteiro,
          itens: atual.roteiro.itens.map((i) => (i.leadId === leadId ? { ...i, presente: true } : i)),
        },
      } satisfies RoteiroGuardado),
    );
  });
}
