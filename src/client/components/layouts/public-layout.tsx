import type { ReactNode } from 'react';
import { Logo } from '@/components/logo';
import { redeInfo } from '@/lib/rede-info';

const footerLink = 'inline-block py-1 text-muted-foreground underline underline-offset-4 hover:text-foreground';

/**
 * Frame of the public pages (opened on phones): a light header, the content and a footer with who runs the network
 * (company name, CNPJ, support contact: issue 23, from the server's configuration), the privacy notice and the
 * titular's portal (issue 18), reachable from every public page.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const rede = redeInfo();
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center px-4">
          <Logo />
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="grid gap-2 border-t border-border bg-surface px-4 py-6 text-center text-xs text-muted-foreground">
        <p>
          <span className="font-semibold text-foreground">{rede.razaoSocial}</span>
          <span className="block sm:inline sm:before:content-['_·_']">CNPJ {rede.cnpj}</span>
        </p>
        <p>
          Atendimento:{' '}
          <a href={`mailto:${rede.suporteEmail}`} className={footerLink}>
            {rede.suporteEmail}
          </a>
          {rede.suporteTelefone ? (
            <>
              {' · '}
              <a href={`tel:+55${rede.suporteTelefone.replace(/\D/g, '')}`} className={footerLink}>
                {rede.suporteTelefone}
              </a>
            </>
          ) : null}
        </p>
        <nav aria-label="LGPD" className="flex flex-wrap justify-center gap-x-4 gap-y-1">
          <a href="/privacidade" className={footerLink}>
            Aviso de Privacidade
          </a>
          <a href="/meus-dados" className={footerLink}>
            Meus dados
          </a>
        </nav>
      </footer>
    </div>
  );
}
