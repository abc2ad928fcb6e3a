import { useState } from 'react';
import { BookOpen, Plus } from 'lucide-react';
import type { Curso } from '@shared/schemas/curso';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCursos } from '../api/get-cursos';
import { CursoCard } from './curso-card';

const PAGE_SIZE = 24;

export interface CursosListProps {
  onCreate: () => void;
  onEdit: (curso: Curso) => void;
  onDeactivate: (curso: Curso) => void;
}

/** The cliente's course cards, newest first, paged on the server. */
export function CursosList({ onCreate, onEdit, onDeactivate }: CursosListProps) {
  const [page, setPage] = useState(1);
  const cursos = useCursos({ page, pageSize: PAGE_SIZE });

  if (cursos.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Carregando cursos..." className="size-8" />
      </div>
    );
  }
  if (cursos.isError) {
    return (
      <Card>
        <CardContent className="p-10 text-center text-destructive" role="alert">
          {errorMessage(cursos.error, 'Failed to fetch cursos')}
        </CardContent>
      </Card>
    );
  }
  const { items, total } = cursos.data;
  if (total === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
          <BookOpen aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="text-lg font-medium">Nenhum curso encontrado</p>
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" />
            Criar Primeiro Curso
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <section aria-label="Cursos">
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        {items.map((curso) => (
          <li key={curso.id}>
            <CursoCard curso={curso} onEdit={onEdit} onDeactivate={onDeactivate} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} onPageChange={setPage} />
    </section>
  );
}
