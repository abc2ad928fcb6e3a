import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { FilePlus2, Save, Send } from 'lucide-react';
import { todayInBrasilia } from '@shared/brasilia';
import {
  CONTRATO_CAMPOS,
  CONTRATO_CAMPO_NOMES,
  MODELO_INICIAL,
  camposDesconhecidos,
  matriculaDeExemplo,
  preencherModelo,
  valoresDosCampos,
} from '@shared/contrato/modelo';
import { formatDateTime } from '@shared/format';
import { can } from '@shared/permissions';
import type { Role } from '@shared/roles';
import { CONTRATO_MESSAGES, type ModeloView } from '@shared/schemas/contrato';
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
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MarkdownView } from '@/components/ui/markdown-view';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  useAlterarModelo,
  useContratoRegras,
  useCriarModelo,
  useModelos,
  usePublicarModelo,
} from '../api/contratos-api';

/** The preview's contract: the made-up matrícula, the responsável's CPF masked. */
function previa(texto: string, multa: number) {
  const exemplo = valoresDosCampos(matriculaDeExemplo(todayInBrasilia()), { mascararCpf: true });
  return preencherModelo(texto, exemplo, multa);
}

function Secao({
  id,
  titulo,
  children,
  acoes,
}: {
  id: string;
  titulo: string;
  children: ReactNode;
  acoes?: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={id} className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold">
            {titulo}
          </h2>
          {acoes}
        </div>
        {children}
      </section>
    </Card>
  );
}

function Campos() {
  return (
    <Secao id="campos-titulo" titulo="Campos disponíveis">
      <p className="text-sm text-muted-foreground">
        Escreva um campo entre chaves duplas, como <code>{'{{aluno.nome}}'}</code>: cada contrato o troca pelo dado da
        matrícula. Um campo fora desta lista impede a publicação. O texto aceita Markdown simples: <code># Título</code>
        , <code>**negrito**</code>, <code>_itálico_</code>, listas com <code>-</code> ou <code>1.</code> e{' '}
        <code className="whitespace-nowrap">---</code>; HTML aparece como texto.
      </p>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {CONTRATO_CAMPO_NOMES.map((campo) => (
          <div key={campo} className="contents">
            <dt>
              <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{`{{${campo}}}`}</code>
            </dt>
            <dd className="text-muted-foreground">{CONTRATO_CAMPOS[campo]}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        Todo contrato termina com duas cláusulas que o sistema acrescenta sozinho: o direito de arrependimento em 7 dias
        (Código de Defesa do Consumidor, art. 49) e a regra de cancelamento com a multa do modelo.
      </p>
    </Secao>
  );
}

function Vigente({ modelo }: { modelo: ModeloView | undefined }) {
  if (!modelo) {
    return (
      <p className="text-sm text-muted-foreground">
        Nenhuma versão publicada. Enquanto não houver uma, as matrículas efetivadas ficam ativas sem contrato.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Badge variant="success">Versão {modelo.versao}</Badge>
      <span className="font-medium">{modelo.titulo}</span>
      <span className="text-muted-foreground">
        publicada em {formatDateTime(modelo.publicadoEm, { withTime: true })}
        {modelo.publicadoPor ? ` por ${modelo.publicadoPor}` : ''} · multa de cancelamento {modelo.multaCancelamentoPct}
        %
      </span>
    </div>
  );
}

interface Form {
  titulo: string;
  texto: string;
  multa: string;
}

/** The franqueador's draft: written, previewed beside it, saved and published as the next version. */
function Editor({
  rascunho,
  base,
  proximaVersao,
  multaMaxima,
  onPublicado,
}: {
  rascunho: ModeloView | undefined;
  base: ModeloView | undefined;
  proximaVersao: number;
  multaMaxima: number | undefined;
  onPublicado: () => void;
}) {
  const [form, setForm] = useState<Form>(() => ({
    titulo: rascunho?.titulo ?? base?.titulo ?? 'Contrato de matrícula',
    texto: rascunho?.texto ?? base?.texto ?? MODELO_INICIAL,
    multa: String(rascunho?.multaCancelamentoPct ?? base?.multaCancelamentoPct ?? multaMaxima ?? 10),
  }));
  const [erros, setErros] = useState<Record<string, string>>({});
  const [confirmando, setConfirmando] = useState(false);
  const desconhecidos = useMemo(() => camposDesconhecidos(form.texto), [form.texto]);
  const multa = Number(form.multa);

  const aoErrar = (titulo: string) => (error: Error) => {
    setConfirmando(false);
    if (error instanceof ApiError && error.errors) setErros(error.errors as Record<string, string>);
    toast({ variant: 'destructive', title: titulo, description: errorMessage(error, titulo) });
  };
  const criar = useCriarModelo({ onError: aoErrar('Erro ao salvar o rascunho') });
  const alterar = useAlterarModelo({ onError: aoErrar('Erro ao salvar o rascunho') });
  const publicar = usePublicarModelo({
    onSuccess: (modelo) => {
      setConfirmando(false);
      onPublicado();
      toast({ variant: 'success', title: CONTRATO_MESSAGES.publicado(modelo.versao ?? proximaVersao) });
    },
    onError: aoErrar('Erro ao publicar'),
  });
  const pendente = criar.isPending || alterar.isPending || publicar.isPending;

  /** Saves the form as the draft (creating it the first time); its id. */
  const salvar = async (): Promise<string> => {
    setErros({});
    const body = { titulo: form.titulo, texto: form.texto, multaCancelamentoPct: multa };
    const salvo = rascunho ? await alterar.mutateAsync({ id: rascunho.id, ...body }) : await criar.mutateAsync(body);
    return salvo.id;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    salvar().then(
      () => toast({ variant: 'success', title: CONTRATO_MESSAGES.rascunhoSalvo }),
      () => undefined,
    );
  };
  const onPublicar = () => {
    salvar().then(
      (id) => publicar.mutate({ id }),
      () => undefined,
    );
  };

  const campo = (nome: keyof typeof erros) =>
    erros[nome]
      ? {
          'aria-invalid': true as const,
          'aria-describedby': `modelo-${nome}-erro`,
        }
      : {};
  const erro = (nome: string) =>
    erros[nome] ? (
      <p id={`modelo-${nome}-erro`} className="text-sm font-medium text-destructive">
        {erros[nome]}
      </p>
    ) : null;

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Secao id="rascunho-titulo" titulo={rascunho ? 'Rascunho' : 'Novo rascunho'}>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-labelledby="rascunho-titulo">
          <div className="grid gap-2">
            <Label htmlFor="modelo-titulo">Título</Label>
            <Input
              id="modelo-titulo"
              value={form.titulo}
              maxLength={120}
              onChange={(e) => setForm({ ...form, titulo: e.target.value })}
              {...campo('titulo')}
            />
            {erro('titulo')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="modelo-texto">Texto do contrato (Markdown)</Label>
            <Textarea
              id="modelo-texto"
              rows={18}
              className="font-mono text-sm"
              value={form.texto}
              onChange={(e) => setForm({ ...form, texto: e.target.value })}
              {...campo('texto')}
            />
            {erro('texto')}
            {desconhecidos.length > 0 && !erros.texto ? (
              <p role="status" className="text-sm font-medium text-amber-900">
                {CONTRATO_MESSAGES.campoDesconhecido(desconhecidos)}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2 sm:w-64">
            <Label htmlFor="modelo-multa">Multa de cancelamento (% do valor restante)</Label>
            <Input
              id="modelo-multa"
              type="number"
              inputMode="numeric"
              min={0}
              max={multaMaxima ?? 100}
              step={1}
              value={form.multa}
              onChange={(e) => setForm({ ...form, multa: e.target.value })}
              {...campo('multaCancelamentoPct')}
            />
            {multaMaxima !== undefined ? (
              <p className="text-sm text-muted-foreground">Máximo da rede: {multaMaxima}%</p>
            ) : null}
            {erro('multaCancelamentoPct')}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="outline" disabled={pendente}>
              <Save aria-hidden="true" className="size-4" />
              {criar.isPending || alterar.isPending ? 'Salvando...' : 'Salvar rascunho'}
            </Button>
            <Button type="button" disabled={pendente} onClick={() => setConfirmando(true)}>
              <Send aria-hidden="true" className="size-4" />
              Publicar versão {proximaVersao}
            </Button>
          </div>
        </form>
      </Secao>
      <Secao id="previa-titulo" titulo="Pré-visualização">
        <p className="text-sm text-muted-foreground">
          Preenchida com uma matrícula de exemplo (Ana Souza, Inglês Kids); o CPF aparece mascarado.
        </p>
        <div className="rounded-md border border-border bg-background p-4">
          <MarkdownView texto={previa(form.texto, Number.isFinite(multa) ? multa : 0)} />
        </div>
      </Secao>
      <AlertDialog open={confirmando} onOpenChange={(open) => !open && !pendente && setConfirmando(false)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Publicar a versão {proximaVersao}?</AlertDialogTitle>
            <AlertDialogDescription>
              Uma versão publicada não pode mais ser alterada. Ela passa a ser o contrato de todas as novas matrículas
              da rede; as matrículas já efetivadas continuam com o contrato que receberam.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pendente}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              disabled={pendente}
              onClick={(event) => {
                event.preventDefault();
                onPublicar();
              }}
            >
              {pendente ? 'Publicando...' : 'Publicar'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

const versoesColumns: DataTableColumn<ModeloView>[] = [
  {
    key: 'versao',
    header: 'Versão',
    cell: (m) => (
      <span className="flex items-center gap-2">
        <span className="font-medium">v{m.versao}</span>
        {m.vigente ? <Badge variant="success">Vigente</Badge> : null}
      </span>
    ),
  },
  { key: 'titulo', header: 'Título', cell: (m) => m.titulo },
  {
    key: 'publicadoEm',
    header: 'Publicada em',
    cell: (m) => formatDateTime(m.publicadoEm, { withTime: true }),
    className: 'whitespace-nowrap',
  },
  { key: 'publicadoPor', header: 'Por', cell: (m) => m.publicadoPor ?? '-' },
  { key: 'multa', header: 'Multa', cell: (m) => `${m.multaCancelamentoPct}%` },
];

/**
 * Contratos (issue 42, ADR 064): the franqueador writes the network's contract template in Markdown, sees it filled
 * with a sample matrícula, and publishes it as an immutable version; its franquias read the current version.
 */
export function ContratosScreen({ role }: { role: Role }) {
  const modelos = useModelos();
  const regras = useContratoRegras();
  const gerencia = can(role, 'contratos.gerenciar');
  const [novo, setNovo] = useState(false);

  if (modelos.isPending) {
    return (
      <div aria-busy="true" className="grid gap-4">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (modelos.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(modelos.error, 'Falha ao carregar os modelos de contrato')}
      </p>
    );
  }

  const lista = modelos.data;
  const vigente = lista.find((m) => m.vigente);
  const rascunho = lista.find((m) => m.status === 'rascunho');
  const versoes = lista.filter((m) => m.status === 'publicado');
  const proximaVersao = Math.max(0, ...versoes.map((m) => m.versao ?? 0)) + 1;
  const editando = gerencia && (rascunho !== undefined || novo);

  return (
    <div className="flex flex-col gap-6">
      <Secao
        id="vigente-titulo"
        titulo="Versão vigente"
        acoes={
          gerencia && !editando ? (
            <Button type="button" onClick={() => setNovo(true)}>
              <FilePlus2 aria-hidden="true" className="size-4" />
              Novo rascunho
            </Button>
          ) : null
        }
      >
        <Vigente modelo={vigente} />
        {!gerencia ? (
          <p className="text-sm text-muted-foreground">
            Somente leitura: o franqueador escreve e publica o contrato da rede. Abaixo, a versão vigente preenchida com
            uma matrícula de exemplo.
          </p>
        ) : null}
      </Secao>

      {editando ? (
        <Editor
          // One editor from the new draft to its publication: saving it the first time keeps what is on screen.
          key="editor"
          rascunho={rascunho}
          onPublicado={() => setNovo(false)}
          base={vigente}
          proximaVersao={proximaVersao}
          multaMaxima={regras.data?.multaMaximaPct}
        />
      ) : vigente ? (
        <Secao id="texto-vigente-titulo" titulo={`Contrato vigente (versão ${vigente.versao})`}>
          <div className="rounded-md border border-border bg-background p-4">
            <MarkdownView texto={previa(vigente.texto, vigente.multaCancelamentoPct)} />
          </div>
        </Secao>
      ) : null}

      <Campos />

      {gerencia ? (
        <Secao id="versoes-titulo" titulo="Versões publicadas">
          <DataTable
            caption="Versões publicadas do contrato"
            columns={versoesColumns}
            rows={versoes}
            isLoading={false}
            notice={versoes.length === 0 ? { kind: 'empty', title: 'Nenhuma versão publicada' } : null}
            cards="list"
          />
        </Secao>
      ) : null}
    </div>
  );
}
