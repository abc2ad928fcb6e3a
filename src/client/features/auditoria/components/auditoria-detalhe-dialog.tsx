import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS, type Role } from '@shared/roles';
import type { AuditoriaItem } from '@shared/schemas/auditoria';
import { dispositivoDe } from '@shared/schemas/conta';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { acaoRotulo, quemNome } from './auditoria-columns';
import { VAZIO, alteracoesLinhas, detalhesLinhas, quando } from './campos';
import { entidadeLabel, registroHref } from './registro';
import { IpAddress } from './ip-address';

function Fato({ termo, children }: { termo: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{termo}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}

function Quem({ item }: { item: AuditoriaItem }) {
  const nome = quemNome(item);
  return (
    <span className="grid">
      <span className="font-medium">{nome}</span>
      {item.usuario && item.usuario.nome ? <span>{item.usuario.email}</span> : null}
      {item.papel ? <span className="text-muted-foreground">{ROLE_LABELS[item.papel]}</span> : null}
    </span>
  );
}

function Registro({ item, role }: { item: AuditoriaItem; role: Role }) {
  const label = entidadeLabel(item);
  const href = registroHref(item, role);
  return (
    <span className="grid justify-items-start">
      {href ? (
        <Link to={href} className="font-medium text-primary underline-offset-4 hover:underline">
          {label}
        </Link>
      ) : (
        <span>{label}</span>
      )}
      {item.entidadeId ? <span className="font-mono text-xs text-muted-foreground">{item.entidadeId}</span> : null}
      {item.entidadeId && !item.entidadeExiste ? (
        <span className="text-xs text-muted-foreground">O registro não existe mais.</span>
      ) : null}
    </span>
  );
}

/** A value cell; on a phone the rows are stacked blocks and each value is labelled by a line of its own. */
const valorCell = {
  antes:
    "px-3 py-2 break-words max-sm:p-0 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-muted-foreground max-sm:before:content-['Antes']",
  depois:
    "px-3 py-2 break-words max-sm:p-0 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-muted-foreground max-sm:before:content-['Depois']",
};

/**
 * The fields a change touched, before and after (already masked by the server): a table of three columns; on a
 * phone each field is a block with its before and after side by side, so no word is cut to fit a column.
 */
function Alteracoes({ item }: { item: AuditoriaItem }) {
  const linhas = alteracoesLinhas(item.alteracoes);
  if (!linhas.length) return null;
  return (
    <section aria-labelledby="auditoria-alteracoes" className="grid gap-2">
      <h3 id="auditoria-alteracoes" className="font-semibold">
        Alterações
      </h3>
      <div className="rounded-md border border-border">
        <table className="w-full table-fixed text-left text-sm max-sm:block">
          <caption className="sr-only">Alterações: campo, antes e depois</caption>
          <thead className="bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground max-sm:sr-only">
            <tr>
              <th scope="col" className="w-[30%] px-3 py-2 font-semibold">
                Campo
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Antes
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Depois
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border max-sm:block">
            {linhas.map((linha) => (
              <tr
                key={linha.campo}
                className="align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-3 max-sm:py-2"
              >
                <th scope="row" className="px-3 py-2 font-medium break-words max-sm:col-span-2 max-sm:p-0">
                  {linha.label}
                </th>
                <td className={valorCell.antes}>{linha.antes}</td>
                <td className={valorCell.depois}>{linha.depois}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** What else the row keeps: an export's filters and rows, a refused sign-in's reason, an ended session. */
function Detalhes({ item }: { item: AuditoriaItem }) {
  const linhas = detalhesLinhas(item.detalhes);
  if (!linhas.length) return null;
  return (
    <section aria-labelledby="auditoria-detalhes" className="grid gap-2">
      <h3 id="auditoria-detalhes" className="font-semibold">
        Detalhes
      </h3>
      <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {linhas.map((linha) => (
          <Fato key={linha.campo} termo={linha.label}>
            {typeof linha.valor === 'string' ? (
              linha.valor
            ) : (
              <ul className="grid gap-0.5">
                {linha.valor.map((inner) => (
                  <li key={inner.label}>
                    <span className="text-muted-foreground">{inner.label}:</span> {inner.valor}
                  </li>
                ))}
              </ul>
            )}
          </Fato>
        ))}
      </dl>
    </section>
  );
}

export interface AuditoriaDetalheDialogProps {
  /** The row open, or null when the dialog is closed. */
  item: AuditoriaItem | null;
  role: Role;
  onClose: () => void;
  /** Where focus goes once the dialog closes (the row's Detalhes button): the dialog has no trigger of its own. */
  focusOnClose: () => HTMLElement | null;
}

/** A row of the trail opened: who, when, from where, the record, and the change as before and after (issue 17). */
export function AuditoriaDetalheDialog({ item, role, onClose, focusOnClose }: AuditoriaDetalheDialogProps) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {item ? (
        <DialogContent
          className="max-w-2xl"
          onCloseAutoFocus={(event) => {
            const target = focusOnClose();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{acaoRotulo(item)}</DialogTitle>
            <DialogDescription>
              {entidadeLabel(item)}, em {quando(item.em)}
            </DialogDescription>
          </DialogHeader>

          <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <Fato termo="Quem">
              <Quem item={item} />
            </Fato>
            <Fato termo="Quando">{quando(item.em)}</Fato>
            <Fato termo="Registro">
              <Registro item={item} role={role} />
            </Fato>
            <Fato termo="IP">{item.ip ? <IpAddress ip={item.ip} /> : VAZIO}</Fato>
            <Fato termo="Navegador">
              <span title={item.userAgent ?? undefined}>{item.userAgent ? dispositivoDe(item.userAgent) : VAZIO}</span>
            </Fato>
            <Fato termo="Requisição">
              <span className="font-mono text-xs">{item.requestId ?? VAZIO}</span>
            </Fato>
          </dl>

          <Alteracoes item={item} />
          <Detalhes item={item} />

          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Fechar</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
