import { useCallback, useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { REGUA_MESSAGES, type ParcelasPublicas } from '@shared/schemas/regua';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { getParcelasPublicas } from '../api/parcelas-publicas';
import { ParcelaPagavel } from './parcela-pagavel';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; dados: ParcelasPublicas };

/**
 * /parcelas/:token (issue 43, ADR 078): the responsável's parcelas, from the link in its e-mails, made for a phone --
 * each one's status, due date and value, 'Pagar com PIX' (code and QR) and 'Boleto'. No login: the link is the key.
 */
export function ParcelasPublicasPage({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const ler = useCallback(
    () =>
      getParcelasPublicas(token).then(
        (dados) => setState({ kind: 'ok', dados }),
        (error: unknown) => setState({ kind: 'error', message: errorMessage(error, REGUA_MESSAGES.falhaParcelas) }),
      ),
    [token],
  );
  useEffect(() => {
    void ler();
  }, [ler]);
  const carregar = () => {
    setState({ kind: 'loading' });
    void ler();
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">Parcelas</h1>
      {state.kind === 'loading' ? (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner label="Carregando as parcelas..." />
        </div>
      ) : state.kind === 'error' ? (
        <p role="alert" className="text-muted-foreground">
          {state.message}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p>
              {state.dados.responsavel ? `Olá, ${state.dados.responsavel}! ` : ''}
              Estas são as parcelas das suas matrículas.
            </p>
            <Button type="button" variant="outline" size="sm" onClick={carregar}>
              <RefreshCw aria-hidden="true" />
              Atualizar
            </Button>
          </div>
          {state.dados.parcelas.length === 0 ? (
            <p className="text-muted-foreground">{REGUA_MESSAGES.semParcelas}</p>
          ) : (
            <ul className="grid gap-3" aria-label="Parcelas">
              {state.dados.parcelas.map((p) => (
                <li key={p.id}>
                  <ParcelaPagavel parcela={p} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
