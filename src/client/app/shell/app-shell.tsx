import { useState, type ReactNode } from 'react';
import { Menu } from 'lucide-react';
import type { SessionUser } from '@shared/schemas/auth';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Sidebar } from './sidebar';
import { UpdatePrompt } from './update-prompt';

export interface AppShellProps {
  user: SessionUser;
  children: ReactNode;
}

/** Fixed sidebar from 768 px up; below it the sidebar opens from a menu button as a sheet. */
export function AppShell({ user, children }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="min-h-screen bg-surface">
      <a
        href="#conteudo"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Pular para o conteúdo
      </a>

      <aside aria-label="Barra lateral" className="fixed inset-y-0 left-0 z-30 hidden w-64 md:flex">
        <Sidebar user={user} />
      </aside>

      <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-border bg-background px-3 md:hidden">
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Abrir menu">
              <Menu aria-hidden="true" className="size-6" />
            </Button>
          </SheetTrigger>
          <SheetContent aria-describedby={undefined}>
            <SheetTitle className="sr-only">Menu</SheetTitle>
            <Sidebar user={user} onNavigate={() => setMenuOpen(false)} />
          </SheetContent>
        </Sheet>
        <Logo className="[&_svg]:size-7" />
      </header>

      <main id="conteudo" tabIndex={-1} className="focus:outline-none md:pl-64">
        <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
      </main>
      <UpdatePrompt />
    </div>
  );
}
