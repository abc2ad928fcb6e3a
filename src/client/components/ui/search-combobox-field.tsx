import { Label } from '@/components/ui/label';
import { FormMessage } from '@/components/ui/form-message';
import { SearchCombobox, type SearchComboboxProps } from '@/components/ui/search-combobox';
import { cn } from '@/lib/utils';

export interface SearchComboboxFieldProps extends Omit<SearchComboboxProps, 'invalid' | 'describedBy'> {
  label: string;
  /** The validation message, shown under the field and announced with it. */
  error?: string;
  hint?: string;
}

/**
 * A labelled searchable select (issue 21) with its error under it, for a form's Controller: the form field of
 * an option list that grows with the network (a cliente among thousands), where SelectField holds a fixed list.
 */
export function SearchComboboxField({ id, label, error, hint, className, ...combobox }: SearchComboboxFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <SearchCombobox id={id} invalid={Boolean(error)} describedBy={describedBy} {...combobox} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
