import { useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { formatBRL, formatDateOnly, formatDateTime } from '@shared/format';
import { PUBLIC_MESSAGES } from '@shared/schemas/public-messages';
import type { DeclaracaoVerificada } from '@shared/schemas/public';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { verificarDeclaracao } from '../api/verificar';

type State =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; declaracoes: DeclaracaoVerificada[] };

function Resultado({ declaracao }: { declaracao: DeclaracaoVerificada }) {
  const rows: [string, string][] = [
    ['Código', declaracao.codigo],
    ...(declaracao.valida
      ? ([
          ['Aluno(a)', declaracao.aluno],
          ['Responsável', declaracao.responsavel],
        ] as [string, string][])
      : []),
    ['Evento', `${declaracao.nomeEscola}, ${formatDateOnly(declaracao.dataEvento)}`],
    ['Cidade', `${declaracao.cidade} - ${declaracao.estado}`],
    ['Valor do crédito', formatBRL(declaracao.valorTotalDesconto)],
    ['Emitida em', formatDateTime(declaracao.emitidaEm)],
  ];
  return (
    <article
      aria-label={`Declaração ${declaracao.codigo}`}
      className={`rounded-lg border-2 p-5 ${declaracao.valida ? 'border-green-700 bg-green-50' : 'border-red-700 bg-red-50'}`}
    >
      <p
        className={`flex items-center gap-2 text-lg font-bold ${declaracao.valida ? 'text-green-900' : 'text-red-900'}`}
      >
        {declaracao.valida ? (
          <CircleCheck aria-hidden="true" className="size-6 shrink-0" />
        ) : (
          <CircleX aria-hidden="true" className="size-6 shrink-0" />
        )}
        {declaracao.valida ? 'Declaração válida' : 'Declaração sem validade'}
      </p>
      {declaracao.valida ? null : (
        <p className="mt-1 text-sm text-red-900">Os dados desta ativação foram apagados a pedido do titular (LGPD).</p>
      )}
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr] sm:text-base">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 sm:contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="break-words font-semibold text-slate-950">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/**
 * /declaracao/<codigo> (issue 23): whether a 'Declaração de Crédito Estudantil' is valid, with the initials of the
 * student and the guardian and nothing else personal, so a school can check a printed or shared declaration.
 */
export function DeclaracaoVerificacao({ codigo }: { codigo: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    verificarDeclaracao(codigo).then(
      (declaracoes) => setState({ kind: 'ok', declaracoes }),
      (error: unknown) =>
        setState({ kind: 'error', message: errorMessage(error, PUBLIC_MESSAGES.declaracaoNaoEncontrada) }),
    );
  }, [codigo]);

  return (
    <section aria-labelledby="verificacao-titulo" className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-xl flex-col gap-5">
        <h1 id="verificacao-titulo" className="text-center text-2xl font-extrabold text-blue-950 sm:text-3xl">
          Verificação de Declaração de Crédito Estudantil
        </h1>
        {state.kind === 'loading' ? (
          <div className="flex min-h-32 items-center justify-center">
            <Spinner label="Verificando a declaração..." />
          </div>
        ) : state.kind === 'error' ? (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-lg border-2 border-amber-600 bg-amber-50 p-5 font-semibold text-amber-950"
          >
            <CircleAlert aria-hidden="true" className="size-6 shrink-0" />
            {state.message}
          </p>
        ) : (
          <div role="status" className="grid gap-4">
            {state.declaracoes.map((declaracao, index) => (
              <Resultado key={`${declaracao.codigo}-${index}`} declaracao={declaracao} />
            ))}
          </div>
        )}
        <p className="text-center text-sm text-muted-foreground">
          Confira se o código, o evento e o valor conferem com a declaração apresentada. Por privacidade, esta página
          mostra apenas as iniciais dos nomes.
        </p>
      </div>
    </section>
  );
}
