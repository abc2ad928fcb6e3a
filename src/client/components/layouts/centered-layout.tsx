import type { ReactNode } from 'react';

/** Full-height centred column for the sign-in, reset and error pages. */
export function CenteredLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-slate-50 to-blue-50 px-4 py-10">
      <div className="w-full max-w-md">{children}</div>
    </main>
  );
}
