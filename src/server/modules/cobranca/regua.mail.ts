import { tituloDaParcela } from '../../../shared/cobranca/parcelas';
import { type EtapaRegua, quandoVence } from '../../../shared/cobranca/regua';
import { formatBRL, formatDateOnly } from '../../../shared/format';
import { fromCentavos } from '../../../shared/money/parcelas';
import { layout } from '../../mail/templates';

/**
 * The family's e-mails about its parcelas (issue 43, ADR 078), to the responsável's address on the matrícula: the
 * parcelas billed (with the link to the family's page), and the régua's notice -- one message listing every
 * parcela with a step due that day, each with its PIX code and boleto link.
 */

export interface ParcelaDoEmail {
  /** The plan's parcela or a cancellation's fee (ADR 076): its title is `tituloDaParcela`'s. */
  tipo: string;
  /** ADR 084: n of N in its own plan; `renegociacao` when the plan is a renegotiation's. */
  numero: number;
  totalParcelas: number;
  renegociacao?: boolean;
  valorCentavos: number;
  vencimento: string;
  aluno: string;
  cursoTitulo: string | null;
  bankSlipUrl: string | null;
  pixCopiaECola: string | null;
}

const ola = (nome: string | null) => `Olá${nome ? `, ${nome}` : ''}!`;

const descricao = (p: ParcelaDoEmail) =>
  `${tituloDaParcela(p)} de ${p.cursoTitulo ?? 'curso'} (${p.aluno}): ${formatBRL(fromCentavos(p.valorCentavos))}`;

function comoPagar(p: ParcelaDoEmail): string[] {
  return [
    ...(p.pixCopiaECola ? [`PIX copia e cola: ${p.pixCopiaECola}`] : []),
    ...(p.bankSlipUrl ? [`Boleto: ${p.bankSlipUrl}`] : []),
  ];
}

/** The plan billed at the gateway: the family's link to see and pay every parcela. */
export function parcelasGeradasEmail(f: {
  nomeResponsavel: string | null;
  aluno: string;
  cursoTitulo: string | null;
  parcelas: number;
  primeiroVencimento: string;
  url: string;
}) {
  const lines = [
    ola(f.nomeResponsavel),
    `As parcelas da matrícula de ${f.aluno}${f.cursoTitulo ? ` no curso ${f.cursoTitulo}` : ''} foram geradas: ${f.parcelas} ${f.parcelas === 1 ? 'parcela' : 'parcelas'}, a primeira com vencimento em ${formatDateOnly(f.primeiroVencimento)}.`,
    'Na página abaixo você vê todas as parcelas e paga cada uma com PIX (código copia e cola ou QR code) ou boleto. Guarde este e-mail: o link vale por 120 dias, e cada lembrete traz um novo.',
  ];
  return {
    subject: 'Suas parcelas foram geradas',
    text: `${lines.join('\n\n')}\n\n${f.url}\n`,
    html: layout('Parcelas geradas', lines, { label: 'Ver e pagar as parcelas', url: f.url }),
  };
}

const ASSUNTO: Record<EtapaRegua, string> = {
  antes3: 'Lembrete: parcela a vencer',
  vencimento: 'Sua parcela vence hoje',
  depois1: 'Parcela em atraso',
  depois7: 'Parcela em atraso há 7 dias',
};

/** The régua's notice of the day: one message for the family, however many parcelas it lists. */
export function avisoDaReguaEmail(f: {
  nomeResponsavel: string | null;
  hoje: string;
  itens: { parcela: ParcelaDoEmail; etapa: EtapaRegua }[];
  url: string;
}) {
  const atraso = f.itens.some((i) => i.parcela.vencimento < f.hoje);
  const subject =
    f.itens.length === 1
      ? ASSUNTO[f.itens[0]!.etapa]
      : atraso
        ? `Você tem ${f.itens.length} parcelas a pagar, com atraso`
        : `Lembrete: ${f.itens.length} parcelas a vencer`;
  const blocos = f.itens.map(({ parcela }) =>
    [
      `${descricao(parcela)}, ${quandoVence(parcela.vencimento, f.hoje)} (${formatDateOnly(parcela.vencimento)}).`,
      ...comoPagar(parcela),
    ].join('\n'),
  );
  const lines = [
    ola(f.nomeResponsavel),
    atraso
      ? 'Não identificamos o pagamento das parcelas abaixo. Se você já pagou, desconsidere este aviso.'
      : 'Este é um lembrete das parcelas abaixo.',
    ...blocos,
    'Veja todas as parcelas e pague com PIX ou boleto pela página abaixo.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${f.url}\n`,
    html: layout(
      subject,
      lines.flatMap((l) => l.split('\n')),
      { label: 'Ver e pagar as parcelas', url: f.url },
    ),
  };
}
