import { useState } from 'react';

/**
 * The rows chosen on Leads or Interesses for an action in bulk (issue 50): ids checked one by one or by page, or
 * 'todos' -- every lead the list's filters match, which the action then sends as the filters. A change of
 * filters (the `filtersKey`) starts over; turning a page keeps what was chosen.
 */
export function useLoteSelection(filtersKey: string) {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const [todos, setTodos] = useState(false);
  const [key, setKey] = useState(filtersKey);
  // New filters, a new choice: adjusted while rendering (React's pattern for state derived from a prop).
  if (key !== filtersKey) {
    setKey(filtersKey);
    setIds(new Set());
    setTodos(false);
  }

  const onChange = (changed: string[], checked: boolean) => {
    setTodos(false);
    setIds((current) => {
      const next = new Set(current);
      for (const id of changed) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };
  const clear = () => {
    setIds(new Set());
    setTodos(false);
  };
  return { ids, todos, setTodos, onChange, clear };
}
export type LoteSelection = ReturnType<typeof useLoteSelection>;
