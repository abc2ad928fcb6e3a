import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Check, ChevronDown, Loader2, X } from 'lucide-react';
import { SEARCH_TOO_SHORT_MESSAGE, searchTooShort } from '@shared/schemas/list-query';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';

/** How many options the server is asked for at a time (issue 21). */
export const COMBOBOX_PAGE_SIZE = 20;

export interface ComboboxOption {
  value: string;
  label: string;
}

export interface ComboboxPage {
  options: ComboboxOption[];
  total: number;
}

export interface SearchComboboxProps {
  /** The input's id: a <Label htmlFor> points to it. */
  id: string;
  /** The selected value; '' is none (the `emptyOption`, when given). */
  value: string;
  onChange: (value: string, option: ComboboxOption | null) => void;
  /** The query key the searches are kept under (each search adds its text and page). */
  queryKey: readonly unknown[];
  /** One page of options whose text contains `q` (the server searches, scoped to the caller). */
  search: (q: string, page: number) => Promise<ComboboxPage>;
  /**
   * The option of a value chosen before this screen opened (a link, a reload): the label it shows. Without it the
   * value is looked up among the loaded options only.
   */
  resolve?: (value: string) => Promise<ComboboxOption | null>;
  /** The label a value shows while nothing resolves it (e.g. the name that came with a link). */
  fallbackLabel?: string | null;
  placeholder: string;
  /** The 'no filter' option ('Todos os eventos'); without it nothing is offered for ''. */
  emptyOption?: string;
  /** What the list says when nothing matches ('Nenhum evento encontrado'). */
  emptyText?: string;
  /**
   * The options come from a large list's search (issue 46: /api/clientes, /api/cursos), which answers a search too
   * short to answer with a hint: such a text is not sent, the first options stay, and the status line says why.
   */
  searchMinimum?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}

const LOAD_MORE = '__mais__';

/**
 * A select whose options the server searches (issue 21): the ARIA 1.2 combobox pattern -- an input with a
 * listbox popup. Typing asks the server for the options containing the text, 20 at a time ('Carregar mais'
 * fetches the next 20), so every record in the caller's scope is reachable however large the network. Arrow keys
 * move through the options (read out through aria-activedescendant), Enter chooses, Escape closes and restores
 * the chosen label; Home/End move to the first and last option.
 */
export function SearchCombobox({
  id,
  value,
  onChange,
  queryKey,
  search,
  resolve,
  fallbackLabel,
  placeholder,
  emptyOption,
  emptyText = 'Nenhum resultado encontrado',
  searchMinimum = false,
  disabled,
  invalid,
  describedBy,
  className,
}: SearchComboboxProps) {
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [typed, setTyped] = useState(false);
  const [active, setActive] = useState(0);
  const [known, setKnown] = useState<ComboboxOption | null>(null);
  const typedQ = useDebouncedValue(typed ? text.trim() : '', 250);
  const tooShort = searchMinimum && searchTooShort(typedQ);
  const q = tooShort ? '' : typedQ;

  const results = useInfiniteQuery({
    queryKey: [...queryKey, 'combobox', q],
    queryFn: ({ pageParam }) => search(q, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.options.length, 0) < last.total ? pages.length + 1 : undefined,
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  // The chosen value's label when it came from elsewhere (the address): one look-up by id.
  const needsResolve = Boolean(value) && known?.value !== value && Boolean(resolve);
  const resolved = useQuery({
    queryKey: [...queryKey, 'combobox-id', value],
    queryFn: () => resolve!(value),
    enabled: needsResolve,
    staleTime: 5 * 60_000,
  });
  const selected: ComboboxOption | null = !value
    ? null
    : known?.value === value
      ? known
      : (resolved.data ?? (fallbackLabel ? { value, label: fallbackLabel } : null));
  const selectedLabel = selected?.label ?? '';

  const loaded = results.data?.pages.flatMap((p) => p.options) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;
  const items: (ComboboxOption & { kind: 'option' | 'empty' | 'more' })[] = [
    ...(emptyOption && !q ? [{ value: '', label: emptyOption, kind: 'empty' as const }] : []),
    ...loaded.map((o) => ({ ...o, kind: 'option' as const })),
    ...(results.hasNextPage ? [{ value: LOAD_MORE, label: 'Carregar mais', kind: 'more' as const }] : []),
  ];
  const activeIndex = Math.min(active, Math.max(0, items.length - 1));
  const activeItem = open ? items[activeIndex] : undefined;
  const optionId = (index: number) => `${listboxId}-opcao-${index}`;

  useEffect(() => {
    if (!open || !activeItem) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, activeIndex]);

  const openList = () => {
    if (disabled || open) return;
    setOpen(true);
    setTyped(false);
    setText(selectedLabel);
    const current = items.findIndex((item) => item.value === value);
    setActive(current >= 0 ? current : 0);
  };
  const close = () => {
    setOpen(false);
    setTyped(false);
  };
  const choose = (index: number) => {
    const item = items[index];
    if (!item) return;
    if (item.kind === 'more') {
      void results.fetchNextPage();
      return;
    }
    const option = item.kind === 'empty' ? null : { value: item.value, label: item.label };
    setKnown(option);
    onChange(item.value, option);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive(Math.min(items.length - 1, activeIndex + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive(Math.max(0, activeIndex - 1));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(Math.max(0, items.length - 1));
        }
        break;
      case 'Enter':
        if (open) {
          event.preventDefault();
          choose(activeIndex);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  const status = tooShort
    ? SEARCH_TOO_SHORT_MESSAGE
    : results.isFetching
      ? 'Buscando…'
      : results.isError
        ? 'Não foi possível buscar. Tente novamente.'
        : loaded.length === 0 && results.isSuccess
          ? emptyText
          : results.isSuccess
            ? `${total} ${total === 1 ? 'resultado' : 'resultados'}`
            : '';

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={(next) => (next ? openList() : close())}>
      <PopoverPrimitive.Anchor asChild>
        <div className={cn('relative', className)}>
          <input
            ref={inputRef}
            id={id}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={open ? listboxId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={activeItem ? optionId(activeIndex) : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            autoComplete="off"
            disabled={disabled}
            placeholder={placeholder}
            value={open ? text : selectedLabel}
            onChange={(event) => {
              if (!open) setOpen(true);
              setText(event.target.value);
              setTyped(true);
              setActive(0);
            }}
            onClick={openList}
            onKeyDown={onKeyDown}
            onBlur={close}
            className="flex h-10 w-full min-w-0 text-ellipsis rounded-md border border-input bg-background py-2 pl-3 pr-16 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm"
          />
          <div className="absolute inset-y-0 right-2 flex items-center gap-1">
            {value && emptyOption && !disabled ? (
              <button
                type="button"
                tabIndex={-1}
                aria-label={`Limpar: ${emptyOption}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setKnown(null);
                  onChange('', null);
                }}
                className="rounded p-1 text-muted-foreground hover:text-foreground"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            ) : null}
            <ChevronDown aria-hidden="true" className="pointer-events-none size-4 text-muted-foreground" />
          </div>
        </div>
      </PopoverPrimitive.Anchor>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          // The popup is the listbox itself, not a dialog: focus stays in the input (ARIA combobox pattern).
          role="presentation"
          align="start"
          sideOffset={4}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            if (event.target instanceof Node && inputRef.current?.contains(event.target)) event.preventDefault();
          }}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-[14rem] overflow-hidden rounded-md border border-border bg-background text-foreground shadow-md"
        >
          <ul
            id={listboxId}
            role="listbox"
            aria-label={placeholder}
            className="max-h-72 overflow-y-auto p-1"
            onMouseDown={(event) => event.preventDefault()}
          >
            {items.map((item, index) => {
              const isSelected = item.kind !== 'more' && item.value === value;
              return (
                <li
                  key={`${item.kind}-${item.value}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={isSelected}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(index)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                    index === activeIndex && 'bg-muted',
                    item.kind === 'more' && 'justify-center font-medium text-primary',
                  )}
                >
                  {item.kind === 'more' ? null : (
                    <Check
                      aria-hidden="true"
                      className={cn('size-4 shrink-0', isSelected ? 'opacity-100' : 'opacity-0')}
                    />
                  )}
                  <span className="min-w-0 [overflow-wrap:anywhere]">{item.label}</span>
                </li>
              );
            })}
          </ul>
          <p
            role="status"
            className="flex items-center gap-2 border-t border-border px-3 py-1.5 text-xs text-muted-foreground"
          >
            {results.isFetching ? <Loader2 aria-hidden="true" className="size-3 animate-spin" /> : null}
            {status}
          </p>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
