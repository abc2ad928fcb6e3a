import { useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink, MessageSquareWarning } from 'lucide-react';
import { todayInBrasilia } from '@shared/brasilia';
import { periodoDe, periodoPorExtenso } from '@shared/comissoes/lancamentos';
import { TICKET_STATUS_LABELS } from '@shared/enums';
import { formatBRL, formatDateOnly, formatDateTime } from '@shared/format';
import { MODO_ROYALTY_LABELS } from '@shared/royalties/extrato';
import type { AcordoView, ExtratoResumo, LinhaView } from '@shared/schemas/royalties';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAcordos, useExtrato, useExtratosDosMeses } from '../api/royalties-api';
import { ContestarDialog } from './contestar-dialog';
import { CobrancaBadge, FaturaStatusBadge, emAndamento } from './extrato-format';
import { mesesAte } from './meses';

/** How many months 'Meu extrato' lists, and how many lines a month shows per page. */
const MESES = 12;
export const LINHAS_POR_PAGINA = 20;

const percent = (n: number) => `${String(n).replace('.', ',')} %`;

/**
 * 'Meu extrato' (issue 45, ADR 089, 092), the franquia's, made for a 360 px phone: its agreement, then its months
 * newest first (each one's balance and charge; the newest open), a month's figures, its charge (value, due date,
 * status, the payment link) and its lines -- each naming the parcela and matrícula behind it, linked to them --
 * with 'Contestar' on a line, which opens a SAC ticket; the line then shows the contest and its ticket's status.
 */
export function MeuExtratoScreen({ podeContestar }: { podeContestar: boolean }) {
  const acordos = useAcordos();
  if (acordos.isPending) return <Skeleton className="h-64 w-full" />;
  if (acordos.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(acordos.error, 'Não foi possível carregar seu extrato.')}
      </p>
    );
  const propria = acordos.data[0];
  const primeira = propria?.versoes.reduce<string | null>((m, v) => (m === null || v.inicio < m ? v.inicio : m), null);
  if (!propria || !primeira)
    return (
      <Card className="grid gap-1 p-4 sm:p-6">
        <h2 className="font-semibold">Nenhum extrato ainda.</h2>
        <p className="text-sm text-muted-foreground">
          Sua franquia ainda não tem acordo de royalties: o extrato aparece aqui quando o franqueador definir o acordo.
        </p>
      </Card>
    );
  return (
    <Extratos
      franquiaId={propria.franquiaId}
      vigente={propria.vigente}
      desde={periodoDe(primeira)}
      podeContestar={podeContestar}
    />
  );
}

function Extratos({
  franquiaId,
  vigente,
  desde,
  podeContestar,
}: {
  franquiaId: string;
  vigente: AcordoView | null;
  desde: string;
  podeContestar: boolean;
}) {
  const meses = mesesAte(periodoDe(todayInBrasilia()), MESES, desde);
  const resumos = useExtratosDosMeses(meses);
  const [abertos, setAbertos] = useState<ReadonlySet<string>>(() => new Set(meses.slice(0, 1)));
  const [contestando, setContestando] = useState<{ mes: string; linha: LinhaView } | null>(null);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="acordo-titulo" className="grid gap-2">
        <h2 id="acordo-titulo" className="text-lg font-semibold">
          Seu acordo
        </h2>
        <Card className="grid gap-1 p-4 text-sm">
          {vigente ? (
            <>
              <p className="font-medium tabular-nums">
                Royalty de {percent(vigente.royalty)} e fundo de propaganda de {percent(vigente.fundo)} sobre o que as
                famílias pagaram
                {vigente.minimo !== null ? `, com mínimo mensal de royalty de ${formatBRL(vigente.minimo)}` : ''}.
              </p>
              <p className="text-muted-foreground">
                {MODO_ROYALTY_LABELS[vigente.modo]} · em vigor desde {formatDateOnly(vigente.inicio)}
              </p>
            </>
          ) : (
            <p className="text-muted-foreground">Nenhum acordo em vigor hoje.</p>
          )}
        </Card>
      </section>

      <section aria-labelledby="meses-titulo" className="grid gap-3">
        <h2 id="meses-titulo" className="text-lg font-semibold">
          Extratos por mês
        </h2>
        {meses.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nenhum extrato ainda: o acordo começa em {periodoPorExtenso(desde)}.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Meses">
            {meses.map((mes, i) => {
              const resumo = resumos[i]?.data?.itens.find((e) => e.franquiaId === franquiaId);
              const aberto = abertos.has(mes);
              return (
                <li key={mes}>
                  <Card className="min-w-0 p-0">
                    <details
                      open={aberto}
                      onToggle={(event) => {
                        const open = event.currentTarget.open;
                        setAbertos((atual) => {
                          if (open === atual.has(mes)) return atual;
                          const next = new Set(atual);
                          if (open) next.add(mes);
                          else next.delete(mes);
                          return next;
                        });
                      }}
                    >
                      <summary className="flex cursor-pointer flex-wrap items-center justify-between gap-2 rounded-lg p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-4">
                        <h3 className="font-semibold first-letter:uppercase">{periodoPorExtenso(mes)}</h3>
                        <span className="flex flex-wrap items-center gap-2">
                          {resumo ? (
                            <>
                              <CobrancaBadge extrato={resumo} />
                              <span className="font-semibold tabular-nums">{formatBRL(resumo.saldo)}</span>
                            </>
                          ) : resumos[i]?.isError ? (
                            <span className="text-sm text-destructive">Erro ao carregar</span>
                          ) : (
                            <Skeleton className="h-5 w-24" />
                          )}
                        </span>
                      </summary>
                      {aberto ? (
                        <Mes
                          franquiaId={franquiaId}
                          mes={mes}
                          podeContestar={podeContestar}
                          onContestar={(linha) => setContestando({ mes, linha })}
                        />
                      ) : null}
                    </details>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <ContestarDialog
        franquiaId={franquiaId}
        mes={contestando?.mes ?? null}
        linha={contestando?.linha ?? null}
        onClose={() => setContestando(null)}
      />
    </div>
  );
}

const FIGURAS = [
  ['Recebido das famílias', 'bruto'],
  ['Estornos', 'estornos'],
  ['Base', 'base'],
  ['Royalty', 'royalty'],
  ['Fundo de propaganda', 'fundo'],
  ['Ajuste do mínimo', 'ajusteMinimo'],
  ['Retido por split', 'retido'],
  ['Saldo', 'saldo'],
] as const;

/** An opened month: its figures, its charge and a page of its lines. */
function Mes({
  franquiaId,
  mes,
  podeContestar,
  onContestar,
}: {
  franquiaId: string;
  mes: string;
  podeContestar: boolean;
  onContestar: (linha: LinhaView) => void;
}) {
  const [page, setPage] = useState(1);
  const extrato = useExtrato({ franquiaId, mes, page, pageSize: LINHAS_POR_PAGINA });
  const extenso = periodoPorExtenso(mes);
  if (extrato.isPending) return <Skeleton className="mx-3 mb-3 h-32" />;
  if (extrato.isError)
    return (
      <p role="alert" className="px-3 pb-3 text-sm text-destructive sm:px-4">
        {errorMessage(extrato.error, 'Não foi possível carregar o extrato do mês.')}
      </p>
    );
  const e = extrato.data;
  return (
    <div className="grid gap-4 px-3 pb-3 sm:px-4 sm:pb-4">
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm sm:grid-cols-4" aria-label={`Valores de ${extenso}`}>
        {FIGURAS.filter(([, key]) => key !== 'estornos' || e.estornos !== 0).map(([rotulo, key]) => (
          <div key={key} className="grid min-w-0">
            <dt className="text-muted-foreground">{rotulo}</dt>
            <dd className={`tabular-nums ${key === 'saldo' ? 'font-semibold' : ''}`}>{formatBRL(e[key])}</dd>
          </div>
        ))}
      </dl>
      <Cobranca extrato={e} />
      {e.linhas.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum lançamento neste mês.</p>
      ) : (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold">Lançamentos ({e.total})</h4>
          <ul className="grid divide-y divide-border" aria-label={`Lançamentos de ${extenso}`}>
            {e.linhas.map((l) => (
              <Linha key={l.id} l={l} podeContestar={podeContestar} onContestar={() => onContestar(l)} />
            ))}
          </ul>
          <Pagination page={page} pageSize={LINHAS_POR_PAGINA} total={e.total} onPageChange={setPage} />
        </div>
      )}
    </div>
  );
}

/** The month's charge: an open month has none yet; a closed one its fatura, or nothing to charge. */
function Cobranca({ extrato: e }: { extrato: ExtratoResumo }) {
  if (e.status === 'aberto')
    return (
      <p className="rounded-md bg-muted p-3 text-sm">
        {emAndamento(e.mes)
          ? 'Mês em andamento: estes valores são uma prévia e mudam a cada parcela paga. O extrato fecha no dia 1º do mês seguinte.'
          : 'Mês ainda não fechado: estes valores são uma prévia até o franqueador fechar o extrato.'}
      </p>
    );
  if (!e.fatura)
    return (
      <p className="rounded-md bg-muted p-3 text-sm">
        {e.saldo > 0 ? 'Fatura sendo emitida.' : 'Nada a cobrar neste mês: o split já reteve o que o acordo pede.'}
        {e.fechadoEm ? ` Fechado em ${formatDateTime(e.fechadoEm)}.` : ''}
      </p>
    );
  const f = e.fatura;
  return (
    <div className="grid gap-2 rounded-md border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">Fatura do mês</span>
        <FaturaStatusBadge status={f.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3">
        <div className="grid">
          <dt className="text-muted-foreground">Valor</dt>
          <dd className="font-semibold tabular-nums">{formatBRL(f.valor)}</dd>
        </div>
        <div className="grid">
          <dt className="text-muted-foreground">{f.pagaEm ? 'Paga em' : 'Vencimento'}</dt>
          <dd className="tabular-nums">{formatDateOnly(f.pagaEm ?? f.vencimento)}</dd>
        </div>
      </dl>
      {f.invoiceUrl && f.status !== 'paga' && f.status !== 'cancelada' && f.status !== 'estornada' ? (
        <a
          href={f.invoiceUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-9 w-fit items-center gap-1 rounded-md border border-border px-3 font-medium hover:bg-accent"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          Pagar a fatura <span className="sr-only">(abre em nova aba)</span>
        </a>
      ) : null}
    </div>
  );
}

/** A line as a row of the phone's list: the student, the parcela, the figures, the contest or 'Contestar'. */
function Linha({ l, podeContestar, onContestar }: { l: LinhaView; podeContestar: boolean; onContestar: () => void }) {
  const busca = encodeURIComponent(l.aluno);
  return (
    <li className="grid gap-1 py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <Link
          to={`/matriculas?q=${busca}`}
          className="min-w-0 font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
        >
          {l.aluno} <span className="sr-only">(ver a matrícula)</span>
        </Link>
        <span className="font-medium tabular-nums">{formatBRL(l.base)}</span>
      </div>
      <p className="text-xs text-muted-foreground">
        {l.curso ?? '-'} ·{' '}
        <Link to={`/financeiro/parcelas?q=${busca}`} className="text-primary underline-offset-4 hover:underline">
          {l.parcelaNumero}ª parcela <span className="sr-only">de {l.aluno}</span>
        </Link>{' '}
        · {l.tipo === 'estorno' ? 'estornada' : 'paga'} em {formatDateOnly(l.ocorridoEm)}
      </p>
      <p className="flex flex-wrap gap-x-3 text-xs tabular-nums">
        {l.tipo === 'estorno' ? <Badge variant="secondary">Estorno</Badge> : null}
        <span>Royalty {formatBRL(l.royalty)}</span>
        <span>Fundo {formatBRL(l.fundo)}</span>
        {l.split !== null ? <span>Retido no split {formatBRL(l.retido)}</span> : null}
      </p>
      {l.contestacao ? (
        <div className="grid gap-1 rounded-md bg-muted p-2 text-xs">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium">Contestada em {formatDateTime(l.contestacao.criadaEm)}</span>
            <Badge variant={l.contestacao.ticketStatus === 'concluido' ? 'success' : 'warning'}>
              Chamado: {TICKET_STATUS_LABELS[l.contestacao.ticketStatus]}
            </Badge>
          </p>
          <p className="[overflow-wrap:anywhere]">Motivo: {l.contestacao.motivo}</p>
          <Link to={`/sac/${l.contestacao.ticketId}`} className="w-fit text-primary underline-offset-4 hover:underline">
            Ver o chamado no SAC <span className="sr-only">da contestação de {l.aluno}</span>
          </Link>
        </div>
      ) : podeContestar ? (
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={onContestar}>
          <MessageSquareWarning aria-hidden="true" />
          Contestar <span className="sr-only">a linha de {l.aluno}</span>
        </Button>
      ) : null}
    </li>
  );
}
