import { Construction } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/** Body of a screen whose content is still being built. */
export function ScreenInPreparation() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <Construction aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-lg font-semibold">Tela em preparação</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Esta tela está sendo preparada e estará disponível em breve.
        </p>
      </CardContent>
    </Card>
  );
}
