import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast, type ToastInput } from '@/lib/toast';

/**
 * The dialogs of a network list -- Franquias, Micro-franquias, Clientes (issue 41): which record is being created,
 * edited or switched on or off. Each screen keeps its columns, texts and form; this holds what they all do alike.
 */
export function useRecordDialogs<T>() {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [toggling, setToggling] = useState<T | null>(null);
  return {
    creating,
    setCreating,
    editing,
    setEditing,
    toggling,
    setToggling,
    /** The create call's toasts; success closes its dialog. */
    created: <D, I>(texts: ScreenToasts<D, I>) => mutationToasts({ ...texts, done: () => setCreating(false) }),
    /** The edit call's toasts; success closes its dialog. */
    updated: <D, I>(texts: ScreenToasts<D, I>) => mutationToasts({ ...texts, done: () => setEditing(null) }),
    /** The status switch's toasts; its confirmation closes either way, the toast says what happened. */
    toggled: <D, I>(texts: ScreenToasts<D, I>) =>
      mutationToasts({ ...texts, done: () => setToggling(null), closeOnError: true }),
  };
}

/** A screen's texts for a call whose dialog the hook closes. */
export type ScreenToasts<D, I> = Omit<MutationToasts<D, I>, 'done' | 'closeOnError'>;

export interface MutationToasts<TData, TInput> {
  /** What the screen does once the call succeeded, before the toast: close its dialog. */
  done: () => void;
  /** The success toast's title, or the whole toast for the answer. */
  success: string | ((data: TData) => Omit<ToastInput, 'variant'>);
  /** The error toast's title, or the title for what was asked. */
  error: string | ((input: TInput) => string);
  /** The description when the server sent no message of its own (default: the error's own message). */
  fallback?: string;
  /** Close the dialog on an error too (a status switch: the toast says what went wrong). */
  closeOnError?: boolean;
}

/** A mutation's `onSuccess` and `onError`: the dialog closed and the screen's pt-BR toast. */
export function mutationToasts<TData, TInput>(texts: MutationToasts<TData, TInput>) {
  return {
    onSuccess: (data: TData) => {
      texts.done();
      const success = typeof texts.success === 'string' ? { title: texts.success } : texts.success(data);
      toast({ variant: 'success', ...success });
    },
    onError: (error: Error, input: TInput) => {
      if (texts.closeOnError) texts.done();
      toast({
        variant: 'destructive',
        title: typeof texts.error === 'string' ? texts.error : texts.error(input),
        description: errorMessage(error, texts.fallback ?? error.message),
      });
    },
  };
}
