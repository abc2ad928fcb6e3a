import { MISSING } from '@shared/format';
import { Badge } from '@/components/ui/badge';

/**
 * The course of interest as a badge, or - when none was given. Its words wrap whole: the table cell around it may
 * break anywhere, which would let the column squeeze a course name one letter per line.
 */
export function CursoBadge({ curso }: { curso: string | null }) {
  if (!curso) return <span>{MISSING}</span>;
  return (
    <Badge
      variant="outline"
      className="max-w-44 whitespace-normal [overflow-wrap:break-word] border-primary/30 bg-accent text-accent-foreground"
    >
      {curso}
    </Badge>
  );
}
