import { formatDateOnly } from '@shared/format';
import type { AvisoPrivacidade } from '@shared/privacidade';

/** 'Versão 1, em vigor desde 23/11/2026'. */
export const vigenciaTexto = (aviso: Pick<AvisoPrivacidade, 'versao' | 'vigenteDesde'>) =>
  `Versão ${aviso.versao}, em vigor desde ${formatDateOnly(aviso.vigenteDesde)}`;

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/**
 * The privacy notice as the families read it (issue 18): its title, the version in force and since when, and its
 * sections; it ends where the rights it lists are exercised, /meus-dados.
 */
export function AvisoPrivacidadeView({ aviso }: { aviso: AvisoPrivacidade }) {
  return (
    <article aria-labelledby="aviso-titulo" className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:py-14">
      <header className="grid gap-2">
        <h1 id="aviso-titulo" className="text-3xl font-extrabold tracking-tight text-foreground sm:text-4xl">
          {aviso.titulo}
        </h1>
        <p className="text-sm text-muted-foreground">
          <time dateTime={aviso.vigenteDesde}>{vigenciaTexto(aviso)}</time>
        </p>
      </header>
      {aviso.secoes.map((secao, index) => (
        <section key={secao.titulo} aria-labelledby={`aviso-secao-${index}`} className="grid gap-3">
          <h2 id={`aviso-secao-${index}`} className="text-xl font-bold text-foreground">
            {secao.titulo}
          </h2>
          {secao.paragrafos.map((paragrafo) => (
            <p key={paragrafo} className="leading-relaxed text-foreground">
              {paragrafo}
            </p>
          ))}
        </section>
      ))}
      <section aria-labelledby="aviso-direitos" className="grid gap-3 rounded-lg border border-blue-200 bg-blue-50 p-5">
        <h2 id="aviso-direitos" className="text-lg font-bold text-foreground">
          Consulte ou peça algo sobre os seus dados
        </h2>
        <p className="text-foreground">
          Em{' '}
          <a href="/meus-dados" className={linkClass}>
            Meus dados
          </a>
          , informe o seu e-mail e receba um link para ver, baixar, corrigir ou anonimizar os seus dados e revogar o
          consentimento.
        </p>
      </section>
    </article>
  );
}
