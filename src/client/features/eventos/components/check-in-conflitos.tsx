import { formatDateTime } from '@shared/format';
import { CHECK_IN_OFFLINE_MESSAGES as M, type PresencaConflitos } from '@shared/schemas/check-in-offline';
import { useConflitos } from '../api/check-in-offline';

type Registro = PresencaConflitos['itens'][number]['primeiro'];

function quem(registro: Registro): string {
  const aparelho = registro.dispositivo ? (registro.dispositivoNome ?? M.aparelhoSemNome) : M.checkInOnline;
  return registro.usuarioNome ? `${aparelho} (${registro.usuarioNome})` : aparelho;
}

/**
 * 'Conflitos' (issue 49): the families checked in on more than one device -- the presence that counts and the
 * check-in that came after it, each with its device and time. Shown only when there are any.
 */
export function CheckInConflitos({ eventoId, enabled }: { eventoId: string; enabled: boolean }) {
  const conflitos = useConflitos(eventoId, enabled);
  const itens = conflitos.data?.itens ?? [];
  if (itens.length === 0) return null;
  return (
    <section aria-labelledby="check-in-conflitos" className="grid gap-3">
      <h3 id="check-in-conflitos" className="text-lg font-semibold">
        {M.conflitos} ({itens.length})
      </h3>
      <p className="text-muted-foreground">{M.conflitoDescricao}</p>
      <ul className="grid gap-2" aria-label={M.conflitos}>
        {itens.map((c) => (
          <li
            key={c.idCliente}
            className="grid gap-1 rounded-md border border-amber-500 bg-amber-50 p-3 text-amber-950"
          >
            <p className="break-words font-semibold">
              {c.primeiroNome} {c.iniciais}
            </p>
            <p className="break-words text-sm">
              {M.primeiroRegistro}: {quem(c.primeiro)}, {formatDateTime(c.primeiro.em, { withTime: true })}
            </p>
            <p className="break-words text-sm">
              {M.segundoRegistro}: {quem(c.segundo)}, {formatDateTime(c.segundo.em, { withTime: true })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
