import type { ReactNode } from 'react';
import { Logo } from '@/components/logo';
import { CenteredLayout } from '@/components/layouts/centered-layout';

export interface AuthLayoutProps {
  /** The greeting above the card; it is the page's <h1>. */
  greeting?: string;
  children: ReactNode;
}

/** Logo, optional greeting and the card of the sign-in and reset screens. */
export function AuthLayout({ greeting, children }: AuthLayoutProps) {
  return (
    <CenteredLayout>
      <div className="mb-6 flex flex-col items-center gap-4 text-center">
        <Logo />
        {greeting ? <h1 className="text-2xl font-bold tracking-tight text-foreground">{greeting}</h1> : null}
      </div>
      {children}
    </CenteredLayout>
  );
}
