import { BookOpen, Plus } from 'lucide-react';
import { NETWORK_SORT_KEYS } from '@shared/schemas/list-query';
import type { Curso } from '@shared/schemas/curso';
import { Button } from '@/components/ui/button';
import { CardListEmpty, CardListError, SortSelect } from '@/components/ui/card-list';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useListState } from '@/hooks/use-list-state';
import { useCursos } from '../api/get-cursos';
import { CursoCard } from './curso-card';

const PAGE_SIZE = 24;

/** The cards' orders (issue 23): newest first (the list's own), by title, active ones first. */
const SORT_OPTIONS = [
  { value: '', label: 'Mais recentes' },
  { value: 'nome', label: 'Título (A-Z)' },
  { value: '-nome', label: 'Título (Z-A)' },
  { value: 'status', label: 'Ativos primeiro' },
  { value: '-status', label: 'Inativos primeiro' },
] as const;

export interface CursosListProps {
  onCreate: () => void;
  onEdit: (curso: Curso) => void;
  onDeactivate: (curso: Curso) => void;
  /** A deactivation or its undo is on its way: the Desativar buttons wait. */
  deactivating?: boolean;
}

/** The cliente's course cards, newest first, paged on the server. */
export function CursosList({ onCreate, onEdit, onDeactivate, deactivating = false }: CursosListProps) {
  // The page and the order live in the address (issue 23): Reload, Back and a shared link keep them.
  const list = useListState({ sortKeys: NETWORK_SORT_KEYS, defaultPageSize: PAGE_SIZE });
  const { page, setPage } = list;
  const cursos = useCursos({ page, pageSize: PAGE_SIZE, sort: list.sortParam });
  const sortSelect = (
    <SortSelect
      id="cursos-ordem"
      value={list.sortParam ?? ''}
      options={SORT_OPTIONS}
      onChange={(value) => list.setFilter('sort', value)}
    />
  );

  if (cursos.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Carregando cursos..." className="size-8" />
      </div>
    );
  }
  if (cursos.isError) return <CardListError error={cursos.error} fallback="Failed to fetch cursos" />;
  const { items, total, exact } = cursos.data;
  if (total === 0) {
    return (
      <CardListEmpty
        icon={BookOpen}
        text="Nenhum curso encontrado"
        action={
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" />
            Criar Primeiro Curso
          </Button>
        }
      />
    );
  }
  return (
    <section aria-label="Cursos" className="grid gap-4">
      {sortSelect}
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        {items.map((curso) => (
          <li key={curso.id}>
            <CursoCard curso={curso} onEdit={onEdit} onDeactivate={onDeactivate} deactivating={deactivating} />
          </li>
        ))}
      </ul>
      {/* Past 10,000 the server stops counting (issue 46): 'de mais de 10.000', and no last page claimed. */}
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        totalExact={exact}
        rowCount={items.length}
        onPageChange={setPage}
      />
    </section>
  );
}
