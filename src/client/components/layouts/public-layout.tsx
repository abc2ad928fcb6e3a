import type { ReactNode } from 'react';
import { Logo } from '@/components/logo';

/** Frame of the public credit pages (opened on phones): a light header, the content and a footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center px-4">
          <Logo />
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-border bg-surface py-6 text-center text-xs text-muted-foreground">
        Rede Crédito Educacional
      </footer>
    </div>
  );
}
