import { formatBRL, formatCpf, formatDateOnly, formatDateTime } from '@shared/format';
import type { CreditDeclaration as Declaration } from '@shared/schemas/public';
import { codigoDeclaracao } from '@shared/declaracao';
import { Logo } from '@/components/logo';
import './public-pages.css';

/** The element the print stylesheet keeps: nothing else of the page is printed. */
export const DECLARATION_ID = 'declaracao-credito';

/** SPEC §2: the printable 'Declaração de Crédito Estudantil'. */
export function CreditDeclaration({ declaration }: { declaration: Declaration }) {
  const rows = [
    ['Aluno(a)', declaration.nomeAluno],
    ['CPF do aluno', formatCpf(declaration.cpfAluno)],
    ['Responsável', declaration.nomeResponsavel],
    ['CPF do responsável', formatCpf(declaration.cpfResponsavel)],
    ['Cidade do evento', `${declaration.cidade} - ${declaration.estado}`],
    ['Evento', `${declaration.nomeEscola}, ${formatDateOnly(declaration.dataEvento)}`],
    ['Valor do crédito', formatBRL(declaration.valorTotalDesconto)],
  ] as const;

  return (
    <article
      id={DECLARATION_ID}
      aria-labelledby="declaracao-titulo"
      className="mx-auto w-full max-w-2xl rounded-lg border-2 border-blue-900 bg-card p-5 text-card-foreground shadow-lg sm:p-8"
    >
      <header className="flex flex-col items-center gap-3 border-b border-border pb-4 text-center">
        <Logo />
        <h2 id="declaracao-titulo" className="text-xl font-bold uppercase tracking-wide text-blue-950 sm:text-2xl">
          Declaração de Crédito Estudantil
        </h2>
      </header>
      <p className="mt-4 text-sm leading-relaxed sm:text-base">
        Declaramos, para os devidos fins, que o(a) aluno(a) abaixo identificado(a) é beneficiário(a) de um crédito
        educacional no valor de <strong>{formatBRL(declaration.valorTotalDesconto)}</strong>, concedido no evento
        realizado na cidade de <strong>{declaration.cidade}</strong>.
      </p>
      <dl className="mt-4 grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[auto_1fr] sm:text-base">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 sm:contents">
            <dt className="font-medium text-muted-foreground">{label}</dt>
            <dd className="break-words font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-5 rounded-md bg-amber-50 p-3 text-sm leading-relaxed text-amber-950">
        Este crédito é <strong>pessoal e intransferível</strong> e somente terá validade mediante a formalização do
        contrato de matrícula com a instituição de ensino credenciada.
      </p>
      <p className="mt-4 text-xs text-muted-foreground">
        Emitida em {formatDateTime(declaration.createdAt)} · Código {codigoDeclaracao(declaration.id)}
      </p>
      <p className="mt-1 break-words text-xs text-muted-foreground">
        Verifique a autenticidade em{' '}
        <a className="underline underline-offset-2" href={`/declaracao/${codigoDeclaracao(declaration.id)}`}>
          {typeof window === 'undefined' ? '' : window.location.host}/declaracao/{codigoDeclaracao(declaration.id)}
        </a>
      </p>
    </article>
  );
}
