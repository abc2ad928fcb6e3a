import { z } from 'zod';
import { INVALID_BODY } from './zod-errors';

/**
 * Importação (issue 50, ADR 106): a unit's spreadsheet of clientes, leads (for one event of the caller's scope) or
 * vendedores comes in through four steps -- upload, the columns' mapping, a preview with every row's problems,
 * 'Importar' -- and may be undone for 7 days. Nothing is written to clientes, leads or vendedores before
 * 'Importar'; every row goes through the same rule and scope check as a manual create.
 */

export const IMPORTACAO_TIPOS = ['clientes', 'leads', 'vendedores'] as const;
export type ImportacaoTipo = (typeof IMPORTACAO_TIPOS)[number];

/**
 * - mapeamento: uploaded, its columns waiting to be matched (or matched, the preview ready);
 * - importando: 'Importar' pressed, the job writing its rows;
 * - concluida / falhou: the job's end;
 * - desfazendo: 'Desfazer' pressed, the undo's job removing what it created in batches (back to concluida, with
 *   `erro`, if it fails for good);
 * - desfeita: undone (what it created removed, what it updated restored).
 */
export const IMPORTACAO_STATUSES = [
  'mapeamento',
  'importando',
  'concluida',
  'falhou',
  'desfazendo',
  'desfeita',
] as const;
export type ImportacaoStatus = (typeof IMPORTACAO_STATUSES)[number];

/** What happens to a row whose key already exists: skipped, its empty fields filled, or created anyway. */
export const DUPLICADOS_POLITICAS = ['ignorar', 'atualizar', 'criar'] as const;
export type DuplicadosPolitica = (typeof DUPLICADOS_POLITICAS)[number];

/**
 * The legal basis the importer declares for a file of leads (LGPD art. 7): recorded as the lead's consent
 * 'importado' with the importer. Imported leads receive no marketing message (no WhatsApp consent is recorded).
 */
export const BASES_LEGAIS = ['consentimento', 'legitimo_interesse', 'execucao_contrato'] as const;
export type BaseLegal = (typeof BASES_LEGAIS)[number];

export const IMPORTACAO_MAX_LINHAS = 50_000;
/** The upload's limit in bytes (a 50,000-row file of leads is about 6 MB as CSV). */
export const IMPORTACAO_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORTACAO_PREVIA_LINHAS = 20;
/** How many row problems GET /api/importacoes/:id lists; all of them are in erros.csv. */
export const IMPORTACAO_ERROS_LISTADOS = 200;
export const IMPORTACAO_DESFAZER_DIAS = 7;

export interface CampoImportacao {
  campo: string;
  rotulo: string;
  obrigatorio: boolean;
  /** Headers matched to the field when the file is read (compared without accents, case, spaces or punctuation). */
  sinonimos: readonly string[];
}

/** The fields each kind of file may fill, in the order the mapping screen lists them. */
export const IMPORTACAO_CAMPOS: Record<ImportacaoTipo, readonly CampoImportacao[]> = {
  clientes: [
    { campo: 'nomeFantasia', rotulo: 'Nome fantasia', obrigatorio: true, sinonimos: ['escola', 'nome', 'cliente'] },
    { campo: 'cnpj', rotulo: 'CNPJ', obrigatorio: true, sinonimos: [] },
    { campo: 'repLegal', rotulo: 'Representante legal', obrigatorio: true, sinonimos: ['responsavel', 'diretor'] },
    { campo: 'email', rotulo: 'E-mail', obrigatorio: true, sinonimos: ['mail'] },
    { campo: 'cpf', rotulo: 'CPF do representante', obrigatorio: true, sinonimos: [] },
    { campo: 'telefone', rotulo: 'Telefone', obrigatorio: true, sinonimos: ['celular', 'fone', 'whatsapp'] },
    { campo: 'endereco', rotulo: 'Endereço', obrigatorio: true, sinonimos: ['logradouro', 'rua'] },
    { campo: 'cep', rotulo: 'CEP', obrigatorio: true, sinonimos: [] },
    { campo: 'cidade', rotulo: 'Cidade', obrigatorio: true, sinonimos: ['municipio'] },
    { campo: 'estado', rotulo: 'Estado (UF)', obrigatorio: true, sinonimos: ['uf'] },
    { campo: 'produto', rotulo: 'Produto', obrigatorio: false, sinonimos: [] },
    { campo: 'kit', rotulo: 'Kit', obrigatorio: false, sinonimos: [] },
  ],
  leads: [
    { campo: 'nomeAluno', rotulo: 'Nome do aluno', obrigatorio: true, sinonimos: ['aluno', 'estudante'] },
    {
      campo: 'nomeResponsavel',
      rotulo: 'Nome do responsável',
      obrigatorio: true,
      sinonimos: ['responsavel', 'pai', 'mae'],
    },
    { campo: 'email', rotulo: 'E-mail', obrigatorio: true, sinonimos: ['mail'] },
    { campo: 'telefone', rotulo: 'Telefone', obrigatorio: true, sinonimos: ['celular', 'fone', 'whatsapp'] },
  ],
  vendedores: [
    { campo: 'nome', rotulo: 'Nome', obrigatorio: true, sinonimos: ['vendedor', 'nome completo'] },
    { campo: 'email', rotulo: 'E-mail', obrigatorio: true, sinonimos: ['mail'] },
    { campo: 'cpf', rotulo: 'CPF', obrigatorio: true, sinonimos: [] },
    {
      campo: 'dataNascimento',
      rotulo: 'Data de nascimento',
      obrigatorio: true,
      sinonimos: ['nascimento', 'data nasc'],
    },
    { campo: 'telefone', rotulo: 'Telefone', obrigatorio: true, sinonimos: ['celular', 'fone', 'whatsapp'] },
    { campo: 'endereco', rotulo: 'Endereço', obrigatorio: true, sinonimos: ['logradouro', 'rua'] },
  ],
};

export const IMPORTACAO_TIPO_LABELS: Record<ImportacaoTipo, string> = {
  clientes: 'Clientes (escolas)',
  leads: 'Leads de um evento',
  vendedores: 'Vendedores',
};

export const IMPORTACAO_STATUS_LABELS: Record<ImportacaoStatus, string> = {
  mapeamento: 'Aguardando confirmação',
  importando: 'Importando',
  concluida: 'Concluída',
  falhou: 'Falhou',
  desfazendo: 'Desfazendo',
  desfeita: 'Desfeita',
};

export const DUPLICADOS_LABELS: Record<DuplicadosPolitica, string> = {
  ignorar: 'Ignorar as linhas repetidas',
  atualizar: 'Preencher os campos vazios do cadastro existente',
  criar: 'Criar mesmo assim',
};

export const BASE_LEGAL_LABELS: Record<BaseLegal, string> = {
  consentimento: 'Consentimento colhido na ficha de inscrição',
  legitimo_interesse: 'Legítimo interesse',
  execucao_contrato: 'Execução de contrato',
};

export const IMPORTACAO_MESSAGES = {
  naoEncontrada: 'Importação não encontrada',
  tipoInvalido: 'Escolha o que importar: clientes, leads ou vendedores',
  semPermissaoTipo: 'Você não tem permissão para importar este tipo de cadastro',
  eventoObrigatorio: 'Escolha o evento dos leads',
  eventoNaoEncontrado: 'Evento não encontrado',
  arquivoObrigatorio: 'Envie um arquivo CSV ou XLSX',
  formatoInvalido: 'O arquivo deve ser CSV ou XLSX',
  arquivoIlegivel: 'Não foi possível ler o arquivo. Confira se é um CSV ou XLSX válido.',
  arquivoVazio: 'O arquivo não tem linhas para importar',
  semCabecalho: 'A primeira linha do arquivo deve ter os nomes das colunas',
  muitasLinhas: `O arquivo tem mais de ${IMPORTACAO_MAX_LINHAS.toLocaleString('pt-BR')} linhas. Divida-o em partes.`,
  arquivoGrande: 'O arquivo passa de 20 MB',
  mapeamentoInvalido: 'Mapeamento inválido',
  mapeamentoColunas: 'O mapeamento deve ter um campo (ou nenhum) para cada coluna do arquivo',
  campoRepetido: (rotulo: string) => `O campo ${rotulo} foi escolhido para mais de uma coluna`,
  campoObrigatorio: (rotulo: string) => `Escolha a coluna do campo ${rotulo}`,
  jaConfirmada: 'Esta importação já foi confirmada',
  naoConfirmavel: 'Corrija o mapeamento antes de importar',
  duplicadosInvalido: 'Escolha o que fazer com as linhas repetidas',
  baseLegalObrigatoria: 'Informe a base legal dos dados importados',
  nadaAImportar: 'Nenhuma linha válida para importar',
  naoDesfazivel: 'Só uma importação concluída pode ser desfeita',
  /** A second 'Desfazer' while the first one's job runs. */
  desfazendo: 'Esta importação já está sendo desfeita. Aguarde o fim.',
  /** The undo's job failed for good: the import is back to concluída, what it removed stays removed. */
  desfazerFalhou: 'Não foi possível desfazer toda a importação. Tente desfazer novamente.',
  prazoDesfazer: `O prazo para desfazer esta importação (${IMPORTACAO_DESFAZER_DIAS} dias) terminou`,
  errosIndisponiveis: 'A lista de erros fica disponível depois da importação',
  /**
   * The file's rows were deleted (LGPD), 7 days after the import ended (or after its upload, when never
   * confirmed): erros.csv answers 410 with this, and the screen shows it instead of the download.
   */
  linhasExpurgadas: `As linhas desta importação foram apagadas após ${IMPORTACAO_DESFAZER_DIAS} dias (LGPD).`,
  /** A lead whose student is already signed up for the event with the same e-mail (the database's unique key). */
  leadJaInscrito: 'Este aluno já está inscrito no evento com este e-mail',
  /** A vendedor of another micro-franquia (its e-mail or CPF): the file's values cannot fill its record. */
  vendedorDeOutraUnidade: 'Este vendedor é de outra micro-franquia',
  /** A row counted as an error by a failure of the import itself (the job's last try). */
  falhou: 'A importação falhou. Tente novamente.',
  /** erros.csv's extra column. */
  colunaErro: 'Erro',
  // Row problems: '<message> na linha N' is what the preview and erros.csv show.
  linha: (mensagem: string, linha: number) => `${mensagem} na linha ${linha}`,
  repetidoNoArquivo: (rotulo: string, linhas: readonly number[]) =>
    `${rotulo} repetido nas linhas ${linhas.slice(0, -1).join(', ')} e ${linhas[linhas.length - 1]}`,
} as const;

export const importacaoParamsSchema = z.object({ id: z.uuid(IMPORTACAO_MESSAGES.naoEncontrada) });

/** The multipart fields beside `arquivo` (POST /api/importacoes). */
export const importacaoUploadFieldsSchema = z.object(
  {
    tipo: z.enum(IMPORTACAO_TIPOS, { error: IMPORTACAO_MESSAGES.tipoInvalido }),
    eventoId: z.uuid(IMPORTACAO_MESSAGES.eventoNaoEncontrado).optional(),
  },
  { error: INVALID_BODY },
);
export type ImportacaoUploadFields = z.infer<typeof importacaoUploadFieldsSchema>;

/** PUT /api/importacoes/:id/mapeamento: one field (or null, not imported) per column of the file, in its order. */
export const importacaoMapeamentoSchema = z.object(
  {
    campos: z.array(z.string().max(40).nullable(), { error: IMPORTACAO_MESSAGES.mapeamentoInvalido }).max(200),
  },
  { error: INVALID_BODY },
);
export type ImportacaoMapeamento = z.infer<typeof importacaoMapeamentoSchema>;

/** POST /api/importacoes/:id/confirmar. `baseLegal` is required for leads; `enviarConvite` applies to accounts. */
export const importacaoConfirmarSchema = z.object(
  {
    duplicados: z.enum(DUPLICADOS_POLITICAS, { error: IMPORTACAO_MESSAGES.duplicadosInvalido }),
    baseLegal: z.enum(BASES_LEGAIS, { error: IMPORTACAO_MESSAGES.baseLegalObrigatoria }).optional(),
    enviarConvite: z.boolean({ error: INVALID_BODY }).optional(),
  },
  { error: INVALID_BODY },
);
export type ImportacaoConfirmar = z.infer<typeof importacaoConfirmarSchema>;

/** What the rows would give under one policy, or gave: the after-import figures equal the database's rows. */
export const importacaoContagemSchema = z.object({
  criar: z.number(),
  atualizar: z.number(),
  ignorar: z.number(),
  erros: z.number(),
});
export type ImportacaoContagem = z.infer<typeof importacaoContagemSchema>;

export const importacaoColunaSchema = z.object({
  nome: z.string(),
  campo: z.string().nullable(),
  /** The first non-empty values of the column, to help the mapping. */
  exemplos: z.array(z.string()),
});

export const importacaoLinhaPreviaSchema = z.object({
  /** The row's number in the file as a spreadsheet shows it (the header is line 1). */
  linha: z.number(),
  /** The values as they will be stored, by field. */
  valores: z.record(z.string(), z.string().nullable()),
  erros: z.array(z.string()),
  duplicado: z.boolean(),
});

export const importacaoErroSchema = z.object({ linha: z.number(), mensagem: z.string() });

export const importacaoResumoSchema = z.object({
  id: z.string(),
  tipo: z.enum(IMPORTACAO_TIPOS),
  status: z.enum(IMPORTACAO_STATUSES),
  nomeArquivo: z.string(),
  evento: z.object({ id: z.string(), nome: z.string() }).nullable(),
  linhasTotal: z.number(),
  /** ISO moments. */
  criadaEm: z.string(),
  concluidaEm: z.string().nullable(),
  /** Until when 'Desfazer importação' is offered (concluded imports only). */
  desfazerAte: z.string().nullable(),
  resultado: importacaoContagemSchema.nullable(),
});
export type ImportacaoResumo = z.infer<typeof importacaoResumoSchema>;
/** GET /api/importacoes: the caller's imports, newest first. */
export const importacoesListaSchema = z.array(importacaoResumoSchema);

/** GET /api/importacoes/:id and the answers of upload, mapping, confirmation and undo (202, status desfazendo). */
export const importacaoSchema = z.object({
  ...importacaoResumoSchema.shape,
  formato: z.enum(['csv', 'xlsx']),
  /** How the CSV was read (null for XLSX). */
  codificacao: z.enum(['utf-8', 'windows-1252']).nullable(),
  separador: z.enum([';', ',']).nullable(),
  colunas: z.array(importacaoColunaSchema),
  /** True once every required field has a column and no field has two. */
  mapeamentoCompleto: z.boolean(),
  previa: z.array(importacaoLinhaPreviaSchema),
  /** Row problems, the first IMPORTACAO_ERROS_LISTADOS; `errosTotal` counts the rows with at least one. */
  erros: z.array(importacaoErroSchema),
  errosTotal: z.number(),
  duplicadosTotal: z.number(),
  /** What 'Importar' would do under each policy (while status is mapeamento). */
  previsao: z
    .object({ ignorar: importacaoContagemSchema, atualizar: importacaoContagemSchema, criar: importacaoContagemSchema })
    .nullable(),
  duplicados: z.enum(DUPLICADOS_POLITICAS).nullable(),
  /**
   * The job's progress. While importando: the file's rows written of its rows (`linhasTotal`); while desfazendo:
   * the records the import created that the undo has gone through, of those it created (`resultado.criar`).
   */
  progresso: z.object({ processadas: z.number(), total: z.number(), percentual: z.number() }),
  /**
   * Why the last job failed: the import's (status falhou), or the undo's (status back to concluida, the undo
   * offered again); null otherwise.
   */
  erro: z.string().nullable(),
  /**
   * Whether the file's rows are still kept: false once deleted (LGPD), 7 days after the import ended (or after its
   * upload, when never confirmed) -- erros.csv answers 410 then; the counts and the problems listed stay.
   */
  linhasDisponiveis: z.boolean(),
  /** After 'Desfazer': what was removed, kept because it moved on, and restored. */
  desfeita: z
    .object({ em: z.string(), removidos: z.number(), mantidos: z.number(), restaurados: z.number() })
    .nullable(),
});
export type Importacao = z.infer<typeof importacaoSchema>;
