import { formatBRL, formatCnpj, formatCpf, formatDateOnly, hideCpf, MISSING } from '../format';
import { escaparMarkdown } from './markdown';

/**
 * A network's contract template (issue 42, ADR 064): its placeholders, how a template is filled for one matrícula,
 * and the two blocks the product adds to every contract so that no template can leave them out -- the right to
 * withdraw within 7 days (CDC art. 49) and the cancellation rule with its fee. The screen, the preview and the
 * contract frozen at Efetivar all read this one file.
 */

/** Every placeholder a template may use, `{{grupo.campo}}`, with what it becomes. */
export const CONTRATO_CAMPOS = {
  'aluno.nome': 'Nome do aluno',
  'responsavel.nome': 'Nome do responsável, quem contrata',
  'responsavel.cpf': 'CPF do responsável (mascarado na pré-visualização)',
  'curso.titulo': 'Título do curso',
  'curso.cargaHoraria': 'Carga horária do curso, em horas',
  'curso.modulos': 'Módulos do curso, com a carga horária de cada um',
  'valor.total': 'Valor total a pagar (com o desconto, quando houver)',
  'valor.comDesconto': "Valor com desconto ('sem desconto' quando o curso não tem)",
  'valor.parcelas': 'Número de parcelas',
  'valor.parcela': 'Valor de cada parcela (e o da última, quando difere)',
  'escola.nome': 'Escola (o cliente) que oferece o curso',
  'evento.escola': 'Escola onde foi o evento',
  'evento.cidade': 'Cidade e estado do evento',
  'evento.data': 'Data do evento',
  'franquia.razaoSocial': 'Razão social da franquia',
  'franquia.cnpj': 'CNPJ da franquia',
  data: 'Data do contrato',
} as const;
export type ContratoCampo = keyof typeof CONTRATO_CAMPOS;
export const CONTRATO_CAMPO_NOMES = Object.keys(CONTRATO_CAMPOS) as ContratoCampo[];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text uses that are not in CONTRATO_CAMPOS, in order, each once. */
export function camposDesconhecidos(texto: string): string[] {
  const desconhecidos = new Set<string>();
  for (const match of texto.matchAll(PLACEHOLDER)) {
    const nome = match[1]!;
    if (!(nome in CONTRATO_CAMPOS)) desconhecidos.add(nome);
  }
  return [...desconhecidos];
}

/** What a contract is filled with: one matrícula, its course, event, franquia and the day. */
export interface DadosDoContrato {
  alunoNome: string;
  responsavelNome: string | null;
  /** Digits; shown whole in the contract, masked in the preview. */
  responsavelCpf: string | null;
  cursoTitulo: string;
  cursoCargaHoraria: number;
  modulos: { titulo: string; cargaHoraria: number }[];
  valor: number;
  valorComDesconto: number | null;
  valorTotal: number;
  parcelas: number;
  valorParcela: number;
  valorUltimaParcela: number;
  escolaNome: string | null;
  eventoEscola: string;
  eventoCidade: string;
  eventoEstado: string;
  /** YYYY-MM-DD */
  eventoData: string;
  franquiaRazaoSocial: string | null;
  franquiaCnpj: string | null;
  /** YYYY-MM-DD, in São Paulo. */
  data: string;
}

const horas = (n: number) => `${n} ${n === 1 ? 'hora' : 'horas'}`;

/** Each placeholder's value for a matrícula, as text. `mascararCpf`: the preview's `***.***.*89-01`. */
export function valoresDosCampos(d: DadosDoContrato, { mascararCpf = false } = {}): Record<ContratoCampo, string> {
  const parcela =
    d.parcelas > 1 && d.valorUltimaParcela !== d.valorParcela
      ? `${formatBRL(d.valorParcela)} (a última, ${formatBRL(d.valorUltimaParcela)})`
      : formatBRL(d.valorParcela);
  return {
    'aluno.nome': d.alunoNome,
    'responsavel.nome': d.responsavelNome ?? MISSING,
    'responsavel.cpf': d.responsavelCpf
      ? mascararCpf
        ? hideCpf(d.responsavelCpf) || MISSING
        : formatCpf(d.responsavelCpf)
      : MISSING,
    'curso.titulo': d.cursoTitulo,
    'curso.cargaHoraria': horas(d.cursoCargaHoraria),
    'curso.modulos':
      d.modulos.length > 0 ? d.modulos.map((m) => `${m.titulo} (${horas(m.cargaHoraria)})`).join('; ') : MISSING,
    'valor.total': formatBRL(d.valorTotal),
    'valor.comDesconto': d.valorComDesconto === null ? 'sem desconto' : formatBRL(d.valorComDesconto),
    'valor.parcelas': String(d.parcelas),
    'valor.parcela': parcela,
    'escola.nome': d.escolaNome ?? MISSING,
    'evento.escola': d.eventoEscola,
    'evento.cidade': `${d.eventoCidade} - ${d.eventoEstado.toUpperCase()}`,
    'evento.data': formatDateOnly(d.eventoData),
    'franquia.razaoSocial': d.franquiaRazaoSocial ?? MISSING,
    'franquia.cnpj': d.franquiaCnpj ? formatCnpj(d.franquiaCnpj) : MISSING,
    data: formatDateOnly(d.data),
  };
}

/**
 * The blocks every contract ends with, whatever its template says (issue 42): the 7-day withdrawal (the sale
 * happens at an event, outside the establishment: CDC art. 49) and the cancellation fee, a percentage of what is
 * left to pay, at most the network's cap.
 */
export function blocosObrigatorios(multaPct: number): string {
  const pct = `${multaPct}%`;
  return [
    '## Direito de arrependimento',
    '',
    'Esta matrícula foi contratada fora do estabelecimento comercial, em evento promocional. O CONTRATANTE pode ' +
      'desistir dela em até 7 (sete) dias contados do aceite deste contrato, sem multa e sem precisar justificar, e ' +
      'recebe de volta, integralmente e com correção monetária, todos os valores já pagos (Código de Defesa do ' +
      'Consumidor, art. 49).',
    '',
    '## Cancelamento',
    '',
    `Passados os 7 dias, o CONTRATANTE pode cancelar a matrícula a qualquer tempo. A multa de cancelamento é de ${pct} ` +
      'do valor que ainda falta pagar (as parcelas não vencidas), e nenhum outro valor é cobrado pelo cancelamento.',
  ].join('\n');
}

/**
 * A template filled for one matrícula, in Markdown: each placeholder replaced by its value as plain text (never
 * formatting), then the required blocks. An unknown placeholder stays as written (publishing refuses it).
 */
export function preencherModelo(texto: string, valores: Record<ContratoCampo, string>, multaPct: number): string {
  const corpo = texto.replace(PLACEHOLDER, (inteiro, nome: string) =>
    nome in CONTRATO_CAMPOS ? escaparMarkdown(valores[nome as ContratoCampo]) : inteiro,
  );
  return `${corpo.trimEnd()}\n\n${blocosObrigatorios(multaPct)}\n`;
}

/** The preview's matrícula: made up, so that no family's data is shown to write a template. */
export function matriculaDeExemplo(hoje: string): DadosDoContrato {
  return {
    alunoNome: 'Ana Souza',
    responsavelNome: 'Carlos Souza',
    responsavelCpf: '52998224725',
    cursoTitulo: 'Inglês Kids',
    cursoCargaHoraria: 120,
    modulos: [
      { titulo: 'Módulo 1 - Primeiras palavras', cargaHoraria: 40 },
      { titulo: 'Módulo 2 - Conversação', cargaHoraria: 40 },
      { titulo: 'Módulo 3 - Leitura e escrita', cargaHoraria: 40 },
    ],
    valor: 1500,
    valorComDesconto: 1200.1,
    valorTotal: 1200.1,
    parcelas: 10,
    valorParcela: 120.01,
    valorUltimaParcela: 120.01,
    escolaNome: 'Colégio Horizonte',
    eventoEscola: 'Colégio Horizonte',
    eventoCidade: 'Campinas',
    eventoEstado: 'SP',
    eventoData: '2027-03-10',
    franquiaRazaoSocial: 'Franquia Exemplo Educação Ltda',
    franquiaCnpj: '11222333000181',
    data: hoje,
  };
}

/** The text a new network starts from: every placeholder in use, plain clauses the franqueador rewrites. */
export const MODELO_INICIAL = `# Contrato de prestação de serviços educacionais

**CONTRATANTE:** {{responsavel.nome}}, CPF {{responsavel.cpf}}, responsável pelo aluno {{aluno.nome}}.

**CONTRATADA:** {{franquia.razaoSocial}}, CNPJ {{franquia.cnpj}}, em parceria com {{escola.nome}}.

## 1. Objeto

O curso **{{curso.titulo}}**, com carga horária de {{curso.cargaHoraria}}, nos módulos: {{curso.modulos}}.

## 2. Valor e pagamento

- Valor total: {{valor.total}} (valor com desconto: {{valor.comDesconto}})
- Em {{valor.parcelas}} parcelas de {{valor.parcela}}

## 3. Origem

Matrícula feita no evento em {{evento.escola}}, {{evento.cidade}}, em {{evento.data}}.

{{evento.cidade}}, {{data}}.
`;
