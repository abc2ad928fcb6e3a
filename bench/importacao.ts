/**
 * Issue 50 (ADR 106): a new unit's spreadsheet of 50,000 leads, imported through the API as a user does it --
 * upload (multipart), 'Importar', then the job followed until it ends -- and undone afterwards, so the next run
 * starts from the same database. Run by bench/run.ts as a one-off row, with the public sign-up driven beside it.
 */

export const IMPORTACAO_BENCH_LINHAS = 50_000;

/** A CSV of leads with the import's own headers, `;`-separated, every row valid and new to any event. */
export function csvDeLeads(linhas: number, marca: string): string {
  const partes = ['Nome do aluno;Nome do responsável;E-mail;Telefone'];
  for (let i = 1; i <= linhas; i++) {
    const telefone = `(11) 9${String(10_000_000 + ((i * 7919) % 89_999_999)).slice(0, 4)}-${String(i % 10_000).padStart(4, '0')}`;
    partes.push(`Aluno ${marca} ${i};Responsável ${marca} ${i};import.${marca}.${i}@bench.com.br;${telefone}`);
  }
  return `${partes.join('\r\n')}\r\n`;
}

interface ImportacaoAnswer {
  id: string;
  status: string;
  errosTotal: number;
  progresso: { processadas: number; total: number };
  resultado: { criar: number; atualizar: number; ignorar: number; erros: number } | null;
  desfeita: { removidos: number; mantidos: number; restaurados: number } | null;
}

async function answer(response: Response, what: string): Promise<ImportacaoAnswer> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as ImportacaoAnswer;
}

export interface ImportacaoMedida {
  id: string;
  status: string;
  criados: number;
  erros: number;
  uploadS: number;
  jobS: number;
}

async function seguir(base: string, cookie: string, id: string, enquanto: string): Promise<ImportacaoAnswer> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const atual = await answer(await fetch(`${base}/api/importacoes/${id}`, { headers: { cookie } }), 'progresso');
    if (atual.status !== enquanto) return atual;
  }
}

/** Uploads, confirms and waits for the job; the seconds of the upload and of the job. */
export async function importar(base: string, cookie: string, eventoId: string): Promise<ImportacaoMedida> {
  const marca = Date.now().toString(36);
  const form = new FormData();
  form.set('tipo', 'leads');
  form.set('eventoId', eventoId);
  form.set('arquivo', new Blob([csvDeLeads(IMPORTACAO_BENCH_LINHAS, marca)], { type: 'text/csv' }), 'leads.csv');
  let t = performance.now();
  const enviada = await answer(
    await fetch(`${base}/api/importacoes`, { method: 'POST', headers: { cookie }, body: form }),
    'upload',
  );
  const uploadS = (performance.now() - t) / 1000;
  t = performance.now();
  await answer(
    await fetch(`${base}/api/importacoes/${enviada.id}/confirmar`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ duplicados: 'ignorar', baseLegal: 'consentimento' }),
    }),
    'confirmar',
  );
  const feita = await seguir(base, cookie, enviada.id, 'importando');
  return {
    id: enviada.id,
    status: feita.status,
    criados: feita.resultado?.criar ?? 0,
    erros: feita.resultado?.erros ?? 0,
    uploadS,
    jobS: (performance.now() - t) / 1000,
  };
}

/** 'Desfazer importação' (a job too, ADR 106), followed to its end: what it removed. */
export async function desfazer(
  base: string,
  cookie: string,
  id: string,
): Promise<{ status: string; removidos: number }> {
  await answer(
    await fetch(`${base}/api/importacoes/${id}/desfazer`, { method: 'POST', headers: { cookie } }),
    'desfazer',
  );
  const desfeita = await seguir(base, cookie, id, 'desfazendo');
  return { status: desfeita.status, removidos: desfeita.desfeita?.removidos ?? 0 };
}
