import { useState } from 'react';
import { ChevronDown, ChevronUp, FileText, QrCode as QrIcon } from 'lucide-react';
import { type ParcelaStatus, type ParcelaTipo, tituloDaParcela } from '@shared/cobranca/parcelas';
import { formatBRL, formatDateOnly } from '@shared/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { QrCode } from '@/components/ui/qr-code';
import { ParcelaStatusBadge } from './parcela-status-badge';

/** What a parcela's card shows: the aluno's 'Minhas parcelas' and the responsável's link read the same fields. */
export interface ParcelaDoCartao {
  id: string;
  numero: number;
  totalParcelas: number;
  /** ADR 084: of a renegotiation's plan ('Parcela 2 de 6 da renegociação'). */
  renegociacao?: boolean;
  /** A plan's parcela ('mensalidade', the default) or a cancellation's fee (ADR 076). */
  tipo?: ParcelaTipo;
  aluno: string;
  cursoTitulo: string | null;
  valor: number;
  vencimento: string;
  status: ParcelaStatus;
  pagaEm: string | null;
  bankSlipUrl: string | null;
  pixCopiaECola: string | null;
}

/**
 * One parcela, made for a phone (issue 43, ADR 078): its status, due date and value, and, while it is to be paid,
 * 'Pagar com PIX' -- the copy-and-paste code with its copy button and its QR code, drawn on the page -- and 'Boleto'.
 */
export function ParcelaPagavel({ parcela: p }: { parcela: ParcelaDoCartao }) {
  const [pix, setPix] = useState(false);
  const aPagar = p.status === 'aberta' || p.status === 'vencida';
  const pixId = `pix-${p.id}`;
  return (
    <Card className="grid gap-2 p-4 text-sm">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{tituloDaParcela(p)}</span>
        <ParcelaStatusBadge status={p.status} />
      </p>
      <p className="text-muted-foreground">{p.cursoTitulo ? `${p.cursoTitulo} · ${p.aluno}` : p.aluno}</p>
      <p className="flex flex-wrap justify-between gap-2">
        <span>Vencimento: {formatDateOnly(p.vencimento)}</span>
        <span className="font-semibold tabular-nums">{formatBRL(p.valor)}</span>
      </p>
      {p.pagaEm ? <p className="text-muted-foreground">Paga em {formatDateOnly(p.pagaEm)}</p> : null}
      {aPagar ? (
        <div className="flex flex-wrap gap-2">
          {p.pixCopiaECola ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-expanded={pix}
              aria-controls={pixId}
              onClick={() => setPix((v) => !v)}
            >
              <QrIcon aria-hidden="true" className="size-4" />
              Pagar com PIX
              {pix ? (
                <ChevronUp aria-hidden="true" className="size-4" />
              ) : (
                <ChevronDown aria-hidden="true" className="size-4" />
              )}
            </Button>
          ) : null}
          {p.bankSlipUrl ? (
            <a
              href={p.bankSlipUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-9 items-center gap-1 rounded-md border border-border px-3 text-sm font-medium hover:bg-accent"
            >
              <FileText aria-hidden="true" className="size-4" />
              Boleto
            </a>
          ) : null}
        </div>
      ) : null}
      {aPagar && p.pixCopiaECola && pix ? (
        <div id={pixId} className="grid gap-2 rounded-md border border-border p-3">
          <p className="font-medium">PIX copia e cola</p>
          <p className="rounded bg-muted p-2 font-mono text-xs [overflow-wrap:anywhere]">{p.pixCopiaECola}</p>
          <CopyButton text={p.pixCopiaECola} label="Copiar código PIX" />
          <QrCode
            value={p.pixCopiaECola}
            alt={`QR code PIX da parcela ${p.numero}${p.renegociacao ? ' da renegociação' : ''}`}
            size={220}
          />
          <p className="text-muted-foreground">
            Abra o app do seu banco, escolha PIX e cole o código ou leia o QR code.
          </p>
        </div>
      ) : null}
    </Card>
  );
}
