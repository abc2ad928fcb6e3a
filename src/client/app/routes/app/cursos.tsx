import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { Curso } from '@shared/schemas/curso';
import { RoutePage } from '@/app/shell/route-page';
import { Button } from '@/components/ui/button';
import { CursoFormDialog } from '@/features/cursos/components/curso-form-dialog';
import { CursosList } from '@/features/cursos/components/cursos-list';
import { useDeactivateCurso } from '@/features/cursos/hooks/use-deactivate-curso';

type Editing = { mode: 'create' } | { mode: 'edit'; curso: Curso } | null;

export default function CursosRoute() {
  const [editing, setEditing] = useState<Editing>(null);
  // Deactivation acts at once and offers 'Desfazer' in its toast (issue 23, ADR 036).
  const { deactivate, pending } = useDeactivateCurso();
  const openCreate = () => setEditing({ mode: 'create' });

  return (
    <RoutePage
      path="/cursos"
      actions={
        <Button onClick={openCreate}>
          <Plus aria-hidden="true" />
          Novo Curso
        </Button>
      }
    >
      <CursosList
        onCreate={openCreate}
        onEdit={(curso) => setEditing({ mode: 'edit', curso })}
        onDeactivate={deactivate}
        deactivating={pending}
      />
      <CursoFormDialog
        open={editing !== null}
        curso={editing?.mode === 'edit' ? editing.curso : undefined}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
      />
    </RoutePage>
  );
}
