import { ShieldAlert } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/** The whole body of a list the caller's role may not see (403, SPEC §8). */
export function ForbiddenNotice({ message }: { message: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <ShieldAlert aria-hidden="true" className="size-10 text-destructive" />
        <p role="alert" className="text-base font-medium text-foreground">
          {message}
        </p>
      </CardContent>
    </Card>
  );
}
