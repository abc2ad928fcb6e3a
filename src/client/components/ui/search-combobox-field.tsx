import { Label } from '@/components/ui/label';
import { FieldShell, fieldMessageIds } from '@/components/ui/field-shell';
import { SearchCombobox, type SearchComboboxProps } from '@/components/ui/search-combobox';

export interface SearchComboboxFieldProps extends Omit<SearchComboboxProps, 'invalid' | 'describedBy'> {
  label: string;
  /** The validation message, shown under the field and announced with it. */
  error?: string;
  hint?: string;
}

/**
 * A labelled searchable select (issue 21) with its error under it, for a form's Controller: the form field of
 * an option list that grows with the network (a cliente among thousands), where SelectField holds a fixed list.
 * Laid out as every field is (FieldShell, defect 10).
 */
export function SearchComboboxField({ id, label, error, hint, className, ...combobox }: SearchComboboxFieldProps) {
  const { hintId, errorId, describedBy } = fieldMessageIds(id, hint, error);
  return (
    <FieldShell
      className={className}
      label={<Label htmlFor={id}>{label}</Label>}
      hint={hint}
      hintId={hintId}
      error={error}
      errorId={errorId}
    >
      <SearchCombobox id={id} invalid={Boolean(error)} describedBy={describedBy} {...combobox} />
    </FieldShell>
  );
}
