import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { writeEpoch, type Page } from '@/lib/api-client';

/** How often a visible list asks whether rows arrived (issue 23; ADR 024). */
export const LIVE_LIST_INTERVAL_MS = 30_000;

/**
 * The query options of a live list (ADR 024, replacing SPEC §9's "no refetch on focus, no polling" for lists): it
 * reads again when the window regains focus and every 30 s while the tab is visible (TanStack Query pauses the
 * interval in a hidden tab).
 */
export const liveListOptions = {
  refetchOnWindowFocus: 'always',
  refetchInterval: LIVE_LIST_INTERVAL_MS,
} as const;

interface Shown<T> {
  signature: string;
  data: Page<T>;
  /** A real answer (not the previous filters' placeholder) has been shown for these filters. */
  settled: boolean;
  /** The page's write count when it was shown: an answer read after the user's own write shows at once. */
  epoch: number;
}

export interface LiveList<T> {
  /** The page the screen shows: rows never move under the user's pointer on their own. */
  data: Page<T> | undefined;
  /** Rows that arrived since: the 'N novos — atualizar' button shows while above 0. */
  novos: number;
  /** Shows the newest answer (the 'N novos — atualizar' button). */
  mostrarNovos: () => void;
  /** Reads the list again now and shows it (the 'Atualizar' button). */
  atualizar: () => Promise<void>;
  isRefreshing: boolean;
}

/**
 * Keeps a list live without moving it under the user (issue 23): an answer with more rows than the one shown is
 * held back and counted, until the user asks for it; any other answer (fewer rows, an edit, other filters) shows
 * at once. `signature` names the filters, page and sort: a new one shows its first answer straight away.
 */
export function useLiveList<T>(query: UseQueryResult<Page<T>>, signature: string): LiveList<T> {
  const [shown, setShown] = useState<Shown<T> | undefined>(undefined);
  const latest = query.data;
  let current = shown;
  if (latest && current?.data !== latest) {
    const settledHere = !query.isPlaceholderData;
    const epoch = writeEpoch();
    const adopt =
      !current ||
      current.signature !== signature ||
      !current.settled ||
      latest.total <= current.data.total ||
      current.epoch !== epoch;
    if (adopt) {
      current = { signature, data: latest, settled: settledHere, epoch };
      // Set while rendering: React renders again at once with the new state, before painting.
      setShown(current);
    }
  }
  const novos = current && latest && current.data !== latest ? Math.max(0, latest.total - current.data.total) : 0;
  return {
    data: current?.data ?? latest,
    novos,
    mostrarNovos: () => {
      if (latest) setShown({ signature, data: latest, settled: true, epoch: writeEpoch() });
    },
    atualizar: async () => {
      const result = await query.refetch();
      if (result.data) setShown({ signature, data: result.data, settled: true, epoch: writeEpoch() });
    },
    isRefreshing: query.isFetching,
  };
}
