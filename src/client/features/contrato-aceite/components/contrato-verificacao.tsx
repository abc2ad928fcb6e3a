import { useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';
import { ACEITE_MESSAGES } from '@shared/contrato/aceite';
import { formatDateTime } from '@shared/format';
import type { ContratoVerificado } from '@shared/schemas/contrato-aceite';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { verificarContrato } from '../api/contrato-publico';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; contratos: ContratoVerificado[] };

function Resultado({ contrato }: { contrato: ContratoVerificado }) {
  const rows: [string, string][] = [
    ['Código', contrato.codigo],
    ['Contrato', contrato.titulo],
    ['Versão do modelo', String(contrato.versao)],
    ['Aceito em', `${formatDateTime(contrato.aceitoEm, { withTime: true, timeZone: BRASILIA_TIME_ZONE })} (Brasília)`],
    ...(contrato.aluno ? ([['Aluno(a)', contrato.aluno]] as [string, string][]) : []),
    ...(contrato.responsavel ? ([['Responsável', contrato.responsavel]] as [string, string][]) : []),
  ];
  return (
    <article
      aria-label={`Contrato ${contrato.codigo}`}
      className={`rounded-lg border-2 p-5 ${contrato.valido ? 'border-green-700 bg-green-50' : 'border-red-700 bg-red-50'}`}
    >
      <p className={`flex items-center gap-2 text-lg font-bold ${contrato.valido ? 'text-green-900' : 'text-red-900'}`}>
        {contrato.valido ? (
          <CircleCheck aria-hidden="true" className="size-6 shrink-0" />
        ) : (
          <CircleX aria-hidden="true" className="size-6 shrink-0" />
        )}
        {contrato.valido ? 'Contrato válido' : 'Contrato sem validade'}
      </p>
      {contrato.valido ? null : (
        <p className="mt-1 text-sm text-red-900">
          {contrato.status === 'cancelada'
            ? 'A matrícula deste contrato foi cancelada.'
            : 'Os dados deste contrato foram apagados a pedido do titular (LGPD).'}
        </p>
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
 * /contrato/verificar/<codigo> (issue 42, ADR 066), as the declaration's check (issue 23): whether an accepted
 * contract is valid, its version and acceptance date, the initials of the student and the guardian, nothing else.
 */
export function ContratoVerificacao({ codigo }: { codigo: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    verificarContrato(codigo).then(
      (contratos) => setState({ kind: 'ok', contratos }),
      (error: unknown) =>
        setState({ kind: 'error', message: errorMessage(error, ACEITE_MESSAGES.verificacaoNaoEncontrada) }),
    );
  }, [codigo]);

  return (
    <section aria-labelledby="verificacao-contrato-titulo" className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-xl flex-col gap-5">
        <h1 id="verificacao-contrato-titulo" className="text-center text-2xl font-extrabold text-blue-950 sm:text-3xl">
          Verificação de contrato de matrícula
        </h1>
        {state.kind === 'loading' ? (
          <div className="flex min-h-32 items-center justify-center">
            <Spinner label="Verificando o contrato..." />
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
            {state.contratos.map((contrato, index) => (
              <Resultado key={`${contrato.codigo}-${index}`} contrato={contrato} />
            ))}
          </div>
        )}
        <p className="text-center text-sm text-muted-foreground">
          Confira se o código, a versão e a data de aceite conferem com o PDF apresentado. Por privacidade, esta página
          mostra apenas as iniciais dos nomes.
        </p>
      </div>
    </section>
  );
}
