import { Fragment, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** What a network record's form receives from its dialog: the same fields serve creating and editing. */
export interface RecordFormSlot<T, V> {
  mode: 'create' | 'edit';
  idPrefix: string;
  /** The row being edited; absent on create. */
  row?: T;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: V) => Promise<unknown>;
  onCancel: () => void;
}

export interface RecordFormDialogsProps<T extends { id: string }, V> {
  /** Which dialog is open (useRecordDialogs). */
  creating: boolean;
  editing: T | null;
  onCloseCreate: () => void;
  onCloseEdit: () => void;
  texts: {
    createTitle: string;
    createDescription: string;
    /** The create button's label ('Criar Franquia'). */
    createLabel: string;
    editTitle: string;
    editDescription: (row: T | null) => string;
    /** The fields' id prefixes, one per dialog ('nova-franquia', 'editar-franquia'). */
    createIdPrefix: string;
    editIdPrefix: string;
  };
  onCreate: (values: V) => Promise<unknown>;
  onUpdate: (row: T, values: V) => Promise<unknown>;
  renderForm: (slot: RecordFormSlot<T, V>) => ReactNode;
}

function RecordDialog({
  open,
  title,
  description,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A network list's 'Novo …' and 'Editar …' dialogs (Franquias, Micro-franquias, Clientes; issue 41): each screen
 * gives its texts, its calls and its form; the edit form starts afresh for each record.
 */
export function RecordFormDialogs<T extends { id: string }, V>({
  creating,
  editing,
  onCloseCreate,
  onCloseEdit,
  texts,
  onCreate,
  onUpdate,
  renderForm,
}: RecordFormDialogsProps<T, V>) {
  return (
    <>
      <RecordDialog
        open={creating}
        title={texts.createTitle}
        description={texts.createDescription}
        onClose={onCloseCreate}
      >
        {renderForm({
          mode: 'create',
          idPrefix: texts.createIdPrefix,
          submitLabel: texts.createLabel,
          pendingLabel: 'Criando...',
          onSubmit: onCreate,
          onCancel: onCloseCreate,
        })}
      </RecordDialog>
      <RecordDialog
        open={editing !== null}
        title={texts.editTitle}
        description={texts.editDescription(editing)}
        onClose={onCloseEdit}
      >
        {editing ? (
          <Fragment key={editing.id}>
            {renderForm({
              mode: 'edit',
              idPrefix: texts.editIdPrefix,
              row: editing,
              submitLabel: 'Salvar Alterações',
              pendingLabel: 'Salvando...',
              onSubmit: (values) => onUpdate(editing, values),
              onCancel: onCloseEdit,
            })}
          </Fragment>
        ) : null}
      </RecordDialog>
    </>
  );
}
