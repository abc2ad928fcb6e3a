import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { offlineStoreAvailable } from '@/lib/offline-db';
import { setBusy } from '@/lib/pwa';
import { EVENTOS_QUERY_KEY } from '../api/get-eventos';
import { enviarLote, getRoteiro } from '../api/check-in-offline';
import { dispositivoId, dispositivoNome } from './dispositivo';
import { contarPendentes, enviarFila, type Recusada } from './fila';
import {
  guardarRoteiro,
  lerRoteiro,
  marcarPresenteLocal,
  registrarLocal,
  type CheckInLocal,
  type Identificacao,
  type RoteiroGuardado,
} from './roteiro-store';

/** Every 30 s while the screen is open, a queue with check-ins tries again (iPhones never sync in the background). */
export const INTERVALO_ENVIO_MS = 30_000;

export interface OfflineCheckIn {
  disponivel: boolean;
  /** The event's roster on this device, or null. */
  registro: RoteiroGuardado | null;
  /** The roster on the device had expired and was deleted. */
  expirado: boolean;
  pendentes: number;
  enviando: boolean;
  preparando: boolean;
  /** The last roster download's or upload's failure, in pt-BR. */
  erro: string | null;
  /** Check-ins the server refused at upload (cancelled voucher, waiting list...), with its reason. */
  recusadas: Recusada[];
  /** Conflicts met by the last uploads (another device had the family first). */
  conflitos: number;
  /** The last upload got no answer at all: the signal is gone even if the browser says otherwise. */
  envioSemRede: boolean;
  preparar: () => Promise<void>;
  enviar: () => Promise<void>;
  registrar: (how: Identificacao) => Promise<CheckInLocal>;
  /** An online check-in: the device's roster marks the family present too. */
  registradaOnline: (leadId: string) => void;
}

/**
 * The check-in screen's offline side (issue 49, ADR 105): the event's roster on the device, the queue of check-ins
 * made without a signal, and its upload -- when the signal comes back, on 'Enviar agora', and every 30 s.
 */
export function useOfflineCheckIn(
  eventoId: string,
  { ocupado, semRede }: { ocupado: boolean; semRede: boolean },
): OfflineCheckIn {
  const queryClient = useQueryClient();
  const disponivel = offlineStoreAvailable();
  const [registro, setRegistro] = useState<RoteiroGuardado | null>(null);
  const [expirado, setExpirado] = useState(false);
  const [pendentes, setPendentes] = useState(0);
  const [enviando, setEnviando] = useState(false);
  const [preparando, setPreparando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [recusadas, setRecusadas] = useState<Recusada[]>([]);
  const [conflitos, setConflitos] = useState(0);
  const [envioSemRede, setEnvioSemRede] = useState(false);
  const semRedeRef = useRef(semRede);
  useEffect(() => {
    semRedeRef.current = semRede;
  }, [semRede]);
  const sending = useRef(false);
  const temRoteiro = useRef(false);
  const pendentesRef = useRef(0);
  useEffect(() => {
    pendentesRef.current = pendentes;
  }, [pendentes]);

  const recarregar = useCallback(async () => {
    if (!disponivel) return;
    const lido = await lerRoteiro(eventoId, new Date());
    setExpirado(lido === 'expirado');
    const atual = lido === 'expirado' ? null : lido;
    temRoteiro.current = atual !== null;
    setRegistro(atual);
    setPendentes(await contarPendentes(eventoId));
  }, [disponivel, eventoId]);

  const baixar = useCallback(async () => {
    const guardado = await guardarRoteiro(await getRoteiro(eventoId), new Date());
    temRoteiro.current = true;
    setRegistro(guardado);
    setExpirado(false);
  }, [eventoId]);

  const preparar = useCallback(async () => {
    if (!disponivel) return;
    setPreparando(true);
    setErro(null);
    try {
      await baixar();
    } catch (error) {
      setErro(errorMessage(error, 'Não foi possível baixar a lista do evento.'));
    } finally {
      setPreparando(false);
    }
  }, [baixar, disponivel]);

  const enviar = useCallback(async () => {
    if (!disponivel || sending.current) return;
    sending.current = true;
    setEnviando(true);
    try {
      if ((await contarPendentes(eventoId)) === 0) return;
      const dispositivo = dispositivoId();
      const nome = dispositivoNome();
      const resultado = await enviarFila(eventoId, (itens) =>
        enviarLote(eventoId, { dispositivo, dispositivoNome: nome, itens }),
      );
      setErro(resultado.erro);
      setEnvioSemRede(resultado.semRede);
      if (resultado.recusadas.length > 0) setRecusadas((old) => [...old, ...resultado.recusadas]);
      if (resultado.conflitos > 0) setConflitos((old) => old + resultado.conflitos);
      if (resultado.enviados > 0) {
        void queryClient.invalidateQueries({ queryKey: [...EVENTOS_QUERY_KEY, 'detalhe', eventoId] });
        // The server now knows them: the device's roster is brought up to date with it.
        if (temRoteiro.current) await baixar().catch(() => {});
      }
    } catch (error) {
      setErro(errorMessage(error, 'Não foi possível enviar os check-ins.'));
    } finally {
      sending.current = false;
      setEnviando(false);
      setPendentes(await contarPendentes(eventoId).catch(() => 0));
    }
  }, [baixar, disponivel, eventoId, queryClient]);

  // Opened: what the device has; with a signal, the queue goes and the roster is refreshed.
  useEffect(() => {
    if (!disponivel) return;
    let cancelled = false;
    void (async () => {
      await recarregar().catch(() => {});
      if (cancelled || !navigator.onLine) return;
      await enviar();
      if (!cancelled && temRoteiro.current) await baixar().catch(() => {});
    })();
    return () => {
      cancelled = true;
    };
  }, [baixar, disponivel, enviar, recarregar]);

  // The signal is back: the queue goes at once; and every 30 s while there is something to send.
  useEffect(() => {
    if (!disponivel) return;
    // The screen's requests got no answer: once one does, it leaves its offline mode (the event is read again).
    const sondar = () => {
      if (!semRedeRef.current || !navigator.onLine) return;
      void (temRoteiro.current ? baixar() : Promise.resolve())
        .then(() => queryClient.invalidateQueries({ queryKey: [...EVENTOS_QUERY_KEY, 'detalhe', eventoId] }))
        .catch(() => {});
    };
    const online = () => void enviar().then(sondar);
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (pendentesRef.current > 0) void enviar();
      else sondar();
    }, INTERVALO_ENVIO_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [baixar, disponivel, enviar, eventoId, queryClient]);

  // No 'Atualizar' mid-scan or with check-ins still to send (issue 49): the new version waits.
  useEffect(() => {
    setBusy(`check-in:${eventoId}`, ocupado || enviando || pendentes > 0);
    return () => setBusy(`check-in:${eventoId}`, false);
  }, [enviando, eventoId, ocupado, pendentes]);

  const registrar = useCallback(
    async (how: Identificacao) => {
      const resultado = await registrarLocal(eventoId, how, new Date());
      if (resultado.resultado === 'expirado') setExpirado(true);
      await recarregar();
      return resultado;
    },
    [eventoId, recarregar],
  );

  const registradaOnline = useCallback(
    (leadId: string) => {
      if (!temRoteiro.current) return;
      void marcarPresenteLocal(eventoId, leadId)
        .then(recarregar)
        .catch(() => {});
    },
    [eventoId, recarregar],
  );

  return {
    disponivel,
    registro,
    expirado,
    pendentes,
    enviando,
    preparando,
    erro,
    recusadas,
    conflitos,
    envioSemRede,
    preparar,
    enviar,
    registrar,
    registradaOnline,
  };
}
