import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  AUDIT_ACOES,
  AUDITORIA_MESSAGES,
  type AuditAcao,
  type AuditEntidade,
  auditoriaFilterShape,
} from '@shared/schemas/auditoria';
import { DEFAULT_PAGE_SIZE, SEARCH_TOO_SHORT_MESSAGE, searchTooShort } from '@shared/schemas/list-query';
import { useAddressEditor } from '@/hooks/use-address-editor';
import { resetPage, usePageCursor } from '@/hooks/use-page-cursor';
import type { DrillChip } from '@/lib/drill-filters';
import type { AuditoriaFilter, AuditoriaParams } from '../api/get-auditoria';

/** The filters the toolbar's inputs set. */
const INPUT_KEYS = ['de', 'ate', 'acao', 'entidade'] as const;
type InputKey = (typeof INPUT_KEYS)[number];

/** The filters only a link sets (a row's 'Quem' or 'O quê', another screen), each shown as a removable chip. */
const LINK_KEYS = ['entidadeId', 'usuarioId'] as const;
type LinkKey = (typeof LINK_KEYS)[number];

/** What a link carries beside an id, for its chip only (never sent to the server). */
export const NAME_PARAMS: Record<LinkKey, string> = { entidadeId: 'entidadeNome', usuarioId: 'usuarioNome' };

const CHIP_LABELS: Record<LinkKey, (nome: string | undefined) => string> = {
  entidadeId: (nome) => `Registro: ${nome || 'selecionado'}`,
  usuarioId: (nome) => `Quem fez: ${nome || 'selecionado(a)'}`,
};

const SEARCH_DELAY_MS = 300;

/** The filters of an address that the shared schema accepts; anything it refuses is left out (never sent). */
export function readAuditoriaFilter(params: URLSearchParams): AuditoriaFilter {
  const filter: AuditoriaFilter = {};
  for (const key of [...INPUT_KEYS, ...LINK_KEYS]) {
    const raw = params.get(key);
    if (!raw) continue;
    const parsed = auditoriaFilterShape[key].safeParse(raw);
    if (parsed.success && parsed.data) (filter as Record<string, string>)[key] = parsed.data;
  }
  const q = params.get('q')?.trim().slice(0, 200);
  // A search too short to answer (issue 46) is not asked for: the box says why.
  if (q && !searchTooShort(q)) filter.q = q;
  return filter;
}

/** What the toolbar's inputs show. */
export interface AuditoriaFilterValues {
  de: string;
  ate: string;
  acao: AuditAcao | '';
  entidade: AuditEntidade | '';
  q: string;
}

/**
 * The search box: what it shows, the address's `q` it last agreed with, the `q` it last wrote there, and what it
 * showed when typing last paused (a search too short to send is not written, and the hint says why: issue 46).
 */
interface SearchBox {
  text: string;
  q: string;
  written: string;
  paused: string;
}

/**
 * Auditoria's filters, all in the address (issue 17), so a link or the back button brings a view back: the
 * period, the action, the record kind, who acted (the search, written once typing pauses), the record and the
 * person a row's link chose (each a chip), and the page. Any change of filter goes back to page 1.
 */
export function useAuditoriaFilters({ pageSize = DEFAULT_PAGE_SIZE }: { pageSize?: number } = {}) {
  const [searchParams] = useSearchParams();
  const key = searchParams.toString();
  const filter = useMemo(() => readAuditoriaFilter(new URLSearchParams(key)), [key]);
  // The page, and past the first the cursor it was reached by (issue 46).
  const place = usePageCursor();
  const page = place.page ?? 1;

  const urlQ = searchParams.get('q') ?? '';
  const [box, setBox] = useState<SearchBox>({ text: urlQ, q: urlQ, written: urlQ, paused: urlQ });
  if (box.q !== urlQ) {
    // The address moved: our own pending search arriving keeps what is typed; the back button or a link sets it.
    setBox(urlQ === box.written ? { ...box, q: urlQ } : { text: urlQ, q: urlQ, written: urlQ, paused: urlQ });
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Each write starts from the router's latest address (useAddressEditor): the search, written when typing
  // pauses, would otherwise put back an address from before an Ação or period chosen while the pause ran.
  const editAddress = useAddressEditor();
  const editUrl = (edit: (next: URLSearchParams) => void, { replace = true }: { replace?: boolean } = {}) =>
    editAddress(edit, { replace });

  /** The address of this view with some filters changed, on page 1: what a row's filter link points to. */
  const searchWith = (patch: Record<string, string | undefined>): string => {
    const next = new URLSearchParams(key);
    for (const [name, value] of Object.entries(patch)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    resetPage(next);
    const text = next.toString();
    return text ? `?${text}` : '';
  };

  const update = (patch: Partial<Record<InputKey, string>>) =>
    editUrl((next) => {
      for (const name of INPUT_KEYS) {
        const value = patch[name];
        if (value === undefined) continue;
        if (value) next.set(name, value);
        else next.delete(name);
      }
      // An action belongs to one record kind: choosing another kind lets go of it.
      const acao = next.get('acao');
      const entidade = next.get('entidade');
      if (acao && entidade && AUDIT_ACOES[acao as keyof typeof AUDIT_ACOES]?.entidade !== entidade) {
        next.delete('acao');
      }
      resetPage(next);
    });

  const setSearch = (text: string) => {
    setBox((current) => ({ ...current, text }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const typed = text.trim();
      // Issue 46: a search too short to answer is not sent; the address keeps none.
      const q = searchTooShort(typed) ? '' : typed;
      setBox((current) => ({ ...current, written: q, paused: typed }));
      editUrl((next) => {
        if ((next.get('q') ?? '') === q) return;
        if (q) next.set('q', q);
        else next.delete('q');
        resetPage(next);
      });
    }, SEARCH_DELAY_MS);
  };

  const { setPage } = place;

  const chips: DrillChip[] = LINK_KEYS.filter((name) => filter[name]).map((name) => ({
    id: name,
    label: CHIP_LABELS[name](searchParams.get(NAME_PARAMS[name])?.trim()),
    keys: [name, NAME_PARAMS[name]],
  }));

  const removeChip = (chip: DrillChip) =>
    editUrl((next) => {
      chip.keys.forEach((name) => next.delete(name));
      resetPage(next);
    });

  const clear = () => {
    clearTimeout(timer.current);
    setBox({ text: '', q: urlQ, written: '', paused: '' });
    editUrl((next) => {
      for (const name of [...INPUT_KEYS, ...LINK_KEYS, ...Object.values(NAME_PARAMS), 'q']) next.delete(name);
      resetPage(next);
    });
  };

  const periodError = filter.de && filter.ate && filter.de > filter.ate ? AUDITORIA_MESSAGES.periodoInvertido : null;

  const values: AuditoriaFilterValues = {
    de: searchParams.get('de') ?? '',
    ate: searchParams.get('ate') ?? '',
    acao: filter.acao ?? '',
    entidade: filter.entidade ?? '',
    q: box.text,
  };

  const { apos, antes } = place;
  const params: AuditoriaParams = useMemo(
    () => ({ ...filter, page, pageSize, ...(apos ? { apos } : {}), ...(antes ? { antes } : {}) }),
    [filter, page, pageSize, apos, antes],
  );

  return {
    /** What the inputs show: the address's values as they are, the search as typed. */
    values,
    /** The filters the server is asked for (and the export takes). */
    filter,
    params,
    page,
    setPage,
    /** The pagination's 'Anterior', 'Próxima' and 'Primeira' by the answer's cursors (issue 46). */
    keysetOf: place.keysetOf,
    update,
    setSearch,
    searchWith,
    chips,
    removeChip,
    clear,
    /** Why the search typed is not sent (too short to answer, issue 46), once typing pauses; else null. */
    searchHint: searchTooShort(box.paused.trim()) ? SEARCH_TOO_SHORT_MESSAGE : null,
    /** Why the period cannot be asked for (the start after the end); nothing is asked until it is fixed. */
    periodError,
    active: Object.keys(filter).length > 0 || box.text !== '' || searchParams.has('de') || searchParams.has('ate'),
  };
}

export type AuditoriaFilters = ReturnType<typeof useAuditoriaFilters>;
