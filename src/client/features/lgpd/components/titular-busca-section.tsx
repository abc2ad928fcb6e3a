import { useState, type FormEvent } from 'react';
import { Download, Search, ShieldOff } from 'lucide-react';
import { formatCount, formatCpf, formatPhone } from '@shared/format';
import { LGPD_MESSAGES, buscaDoTexto, type TitularIdentificador } from '@shared/schemas/lgpd';
import { TitularRegistroCard } from '@/components/lgpd/titular-registro';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { type AnonimizarAnswer, titularesExportUrl, useAnonimizarTitular, useTitulares } from '../api/lgpd-api';

/**
 * What anonymising sends for what was searched: the e-mail, else the CPF (11 digits that make a valid CPF are
 * searched as a CPF and a phone; the CPF is the titular's own), else the phone.
 */
export function identificadorDaBusca(q: string): TitularIdentificador | null {
  const busca = buscaDoTexto(q);
  if (!busca) return null;
  if (busca.email) return { email: busca.email };
  if (busca.cpf) return { cpf: busca.cpf };
  return busca.telefone ? { telefone: busca.telefone } : null;
}

/** How the identifier reads in the confirmation: 'o e-mail ana@x.com', 'o CPF 529.982.247-25'. */
function identificadorTexto(q: string, id: TitularIdentificador): string {
  if (id.email) return `o e-mail ${id.email}`;
  if (id.cpf) return `o CPF ${formatCpf(id.cpf)}`;
  return `o telefone ${formatPhone(id.telefone)}`;
}

const plural = (n: number, um: string, varios: string) => `${formatCount(n)} ${n === 1 ? um : varios}`;

/** '1 inscrição, 0 pré-matrículas, 1 matrícula e 1 conta'. */
export function anonimizadosTexto({ anonimizados: a }: AnonimizarAnswer): string {
  return `${plural(a.leads, 'inscrição', 'inscrições')}, ${plural(a.preMatriculas, 'pré-matrícula', 'pré-matrículas')}, ${plural(a.matriculas, 'matrícula', 'matrículas')} e ${plural(a.contas, 'conta', 'contas')}`;
}

/**
 * 'Buscar titular' (issue 18): a CPF, e-mail or phone, and every record of that person within the reader's
 * scope, with the JSON export and the anonymisation (confirmed first: it is irreversible).
 */
export function TitularBuscaSection() {
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | undefined>(undefined);
  const [q, setQ] = useState<string | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const [resultado, setResultado] = useState<string | null>(null);
  const busca = useTitulares(q);
  const anonimizar = useAnonimizarTitular({
    onSuccess: (answer) => {
      setConfirmando(false);
      setResultado(`${answer.message}: ${anonimizadosTexto(answer)}.`);
      toast({ variant: 'success', title: answer.message, description: anonimizadosTexto(answer) });
    },
    onError: (error) => {
      setConfirmando(false);
      toast({
        variant: 'destructive',
        title: 'Não foi possível anonimizar',
        description: errorMessage(error, 'Tente novamente.'),
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = texto.trim();
    if (!buscaDoTexto(value)) {
      setErro(LGPD_MESSAGES.buscaCurta);
      return;
    }
    setErro(undefined);
    setResultado(null);
    setQ(value);
  };

  const identificador = q ? identificadorDaBusca(q) : null;
  const registros = busca.data?.registros ?? [];
  const anonimizaveis = registros.filter((registro) => !registro.anonimizado).length;

  return (
    <section aria-labelledby="lgpd-busca">
      <Card>
        <div className="border-b border-border px-4 py-4 sm:px-6">
          <h2 id="lgpd-busca" className="text-lg font-semibold">
            Buscar titular
          </h2>
          <p className="text-sm text-muted-foreground">
            Todos os registros de uma pessoa no seu alcance, para exportar ou anonimizar.
          </p>
        </div>
        <div className="grid gap-4 p-4 sm:p-6">
          <form
            role="search"
            aria-label="Buscar titular"
            noValidate
            onSubmit={submit}
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
          >
            <TextField
              id="lgpd-busca-q"
              label="CPF, e-mail ou telefone"
              className="min-w-0 flex-1"
              inputMode="text"
              autoComplete="off"
              maxLength={200}
              value={texto}
              error={erro}
              onChange={(event) => {
                setTexto(event.target.value);
                setErro(undefined);
              }}
            />
            <Button type="submit" className="sm:mt-7">
              <Search aria-hidden="true" />
              Buscar
            </Button>
          </form>

          {resultado ? (
            <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
              {resultado}
            </p>
          ) : null}

          {q === null ? null : busca.isPending ? (
            <div aria-busy="true" className="grid gap-3">
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-32 w-full" />
            </div>
          ) : busca.isError ? (
            <div role="alert" className="grid justify-items-start gap-2">
              <p className="font-medium text-destructive">{errorMessage(busca.error, 'Erro ao buscar o titular')}</p>
              <Button variant="outline" size="sm" onClick={() => void busca.refetch()}>
                Tentar novamente
              </Button>
            </div>
          ) : (
            <div className="grid gap-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="font-medium" aria-live="polite">
                  {registros.length
                    ? `${plural(registros.length, 'registro', 'registros')} de ${q}`
                    : `Nenhum registro de ${q} no seu alcance`}
                </p>
                {registros.length ? (
                  <div className="flex flex-wrap gap-2">
                    <Button asChild variant="outline">
                      <a href={titularesExportUrl(q)} download>
                        <Download aria-hidden="true" />
                        Exportar dados
                      </a>
                    </Button>
                    {anonimizaveis > 0 && identificador ? (
                      <Button variant="destructive" onClick={() => setConfirmando(true)}>
                        <ShieldOff aria-hidden="true" />
                        Anonimizar
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </div>
              <div className="grid gap-3 lg:grid-cols-2">
                {registros.map((registro) => (
                  <TitularRegistroCard key={`${registro.tipo}-${registro.id}`} registro={registro} />
                ))}
              </div>
            </div>
          )}
        </div>
      </Card>

      <AlertDialog
        open={confirmando}
        onOpenChange={(open) => (anonimizar.isPending ? undefined : setConfirmando(open))}
      >
        {q && identificador ? (
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle className="[overflow-wrap:anywhere]">Anonimizar os dados de {q}?</AlertDialogTitle>
              <AlertDialogDescription className="[overflow-wrap:anywhere]">
                Os nomes, o e-mail, o telefone e os CPFs dos registros com {identificadorTexto(q, identificador)} no seu
                alcance ({plural(anonimizaveis, 'registro', 'registros')}) serão apagados, e a conta de aluno,
                desativada. Isso é irreversível. As contagens e os relatórios continuam os mesmos.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={anonimizar.isPending}>Cancelar</AlertDialogCancel>
              <AlertDialogAction
                destructive
                disabled={anonimizar.isPending}
                onClick={(event) => {
                  // The dialog stays open until the server answers.
                  event.preventDefault();
                  anonimizar.mutate(identificador);
                }}
              >
                {anonimizar.isPending ? 'Anonimizando...' : 'Anonimizar definitivamente'}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </section>
  );
}
