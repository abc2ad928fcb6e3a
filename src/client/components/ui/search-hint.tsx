/**
 * The line under a list's search box saying why the search typed was not sent (issue 46: 'Digite pelo menos 3
 * letras ou números para buscar.'). Always in the page, empty when there is nothing to say, so a screen reader
 * hears the sentence when it appears; the box names it with `aria-describedby` while it is shown.
 */
export function SearchHint({ id, hint }: { id: string; hint: string | null | undefined }) {
  return (
    <p id={id} aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
      {hint ?? ''}
    </p>
  );
}
