import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '@shared/format';
import { type Importacao, IMPORTACAO_MESSAGES } from '@shared/schemas/importacao';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { invalidate } from '@/lib/react-query';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';
import { importacaoErrosCsvUrl, importacaoQueryKey } from '../api/get-importacao';
import { emAndamento } from '../api/get-importacoes';
import { DesfazerImportacaoDialog, resumoDesfeita } from './desfazer-importacao-dialog';
import { podeDesfazer } from './importacao-textos';

function Contagem({ rotulo, valor }: { rotulo: string; valor: number }) {
  return (
    <div className="grid gap-1 rounded-md border border-border p-3">
      <dt className="text-sm text-muted-foreground">{rotulo}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{formatCount(valor)}</dd>
    </div>
  );
}

/** The job's progress while it writes (or undoes): a bar and 'N de M linhas' ('registros' for the undo). */
function Progresso({ importacao }: { importacao: Importacao }) {
  const { processadas, total, percentual } = importacao.progresso;
  const desfazendo = importacao.status === 'desfazendo';
  const unidade = desfazendo ? 'registros' : 'linhas';
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label={desfazendo ? 'Progresso do desfazer' : 'Progresso da importação'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentual}
        aria-valuetext={`${formatCount(processadas)} de ${formatCount(total)} ${unidade}`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width] duration-500" style={{ width: `${percentual}%` }} />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {formatCount(processadas)} de {formatCount(total)} {unidade} ({percentual}%)
      </p>
    </div>
  );
}

/**
 * Step 4 (issue 50): the job's progress (asked every second while it runs), then what it did -- created,
 * updated, skipped, with errors --, the failed rows as CSV (until the file's rows are deleted, 7 days on) and
 * 'Desfazer importação' for 7 days; after an undo, what was removed, kept and restored.
 */
export function PassoResultado({ importacao }: { importacao: Importacao }) {
  const queryClient = useQueryClient();
  const [desfazendo, setDesfazendo] = useState(false);
  // The job's rows reach every list: once it ends (the import's or the undo's), what is cached is read again.
  const anterior = useRef(importacao.status);
  const emCurso = emAndamento(importacao.status);
  useEffect(() => {
    if (emAndamento(anterior.current) && !emAndamento(importacao.status)) {
      void invalidate(queryClient, { allExcept: [SESSION_QUERY_KEY] });
    }
    anterior.current = importacao.status;
  }, [importacao.status, queryClient]);

  const resultado = importacao.resultado;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Resultado</CardTitle>
        <CardDescription>
          {importacao.status === 'importando'
            ? `Importando ${importacao.nomeArquivo}. Você pode sair desta tela: a importação continua e aparece em Importações.`
            : importacao.status === 'desfazendo'
              ? `Desfazendo a importação de ${importacao.nomeArquivo}. Você pode sair desta tela: o trabalho continua.`
              : importacao.status === 'falhou'
                ? `A importação de ${importacao.nomeArquivo} falhou. Nada foi gravado; tente de novo ou fale com o suporte.`
                : importacao.status === 'desfeita'
                  ? `A importação de ${importacao.nomeArquivo} foi desfeita.`
                  : `A importação de ${importacao.nomeArquivo} terminou.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {emCurso ? <Progresso importacao={importacao} /> : null}

        {importacao.erro && importacao.status === 'concluida' ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {importacao.erro}
          </p>
        ) : null}

        {resultado && importacao.status !== 'importando' ? (
          <section aria-labelledby="importacao-resultado" className="grid gap-3">
            <h3 id="importacao-resultado" className="font-semibold">
              O que foi importado
            </h3>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Contagem rotulo="Criados" valor={resultado.criar} />
              <Contagem rotulo="Atualizados" valor={resultado.atualizar} />
              <Contagem rotulo="Ignorados" valor={resultado.ignorar} />
              <Contagem rotulo="Com erro" valor={resultado.erros} />
            </dl>
          </section>
        ) : null}

        {importacao.desfeita ? (
          <section aria-labelledby="importacao-desfeita" className="grid gap-3">
            <h3 id="importacao-desfeita" className="font-semibold">
              O que foi desfeito
            </h3>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <Contagem rotulo="Removidos" valor={importacao.desfeita.removidos} />
              <Contagem rotulo="Mantidos (já avançaram)" valor={importacao.desfeita.mantidos} />
              <Contagem rotulo="Restaurados" valor={importacao.desfeita.restaurados} />
            </dl>
            <p className="sr-only">{resumoDesfeita(importacao.desfeita)}</p>
          </section>
        ) : null}

        {!emCurso && resultado && resultado.erros > 0 && !importacao.linhasDisponiveis ? (
          <p className="text-sm text-muted-foreground">{IMPORTACAO_MESSAGES.linhasExpurgadas}</p>
        ) : null}

        {!emCurso ? (
          <div className="flex flex-wrap gap-3">
            {resultado && resultado.erros > 0 && importacao.linhasDisponiveis ? (
              <Button asChild variant="outline">
                <a href={importacaoErrosCsvUrl(importacao.id)} download>
                  <Download aria-hidden="true" />
                  Baixar linhas com erro (CSV)
                </a>
              </Button>
            ) : null}
            {podeDesfazer(importacao) ? (
              <Button variant="destructive" onClick={() => setDesfazendo(true)}>
                <Undo2 aria-hidden="true" />
                Desfazer importação
              </Button>
            ) : null}
            <Button asChild variant="ghost">
              <Link to="/importacoes">Voltar às importações</Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
      <DesfazerImportacaoDialog
        importacao={desfazendo ? importacao : null}
        onClose={() => setDesfazendo(false)}
        onDesfeita={(desfeita) => queryClient.setQueryData(importacaoQueryKey(desfeita.id), desfeita)}
      />
    </Card>
  );
}
