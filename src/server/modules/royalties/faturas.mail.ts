import { periodoPorExtenso } from '../../../shared/comissoes/lancamentos';
import { type EtapaRegua, quandoVence } from '../../../shared/cobranca/regua';
import { formatBRL, formatDateOnly } from '../../../shared/format';
import { fromCentavos } from '../../../shared/money/parcelas';
import { layout } from '../../mail/templates';

/**
 * The franquia's reminder of its royalties charge (issue 45, ADR 095), on the régua's days: 3 days before the due
 * date, on it, 1 and 7 days after. To the franquia's login e-mail; the payment link when the gateway gave one, and
 * the statement on 'Meu extrato'.
 */

const ASSUNTO: Record<EtapaRegua, (mes: string) => string> = {
  antes3: (mes) => `Lembrete: a fatura de royalties de ${mes} vence em breve`,
  vencimento: (mes) => `A fatura de royalties de ${mes} vence hoje`,
  depois1: (mes) => `Fatura de royalties de ${mes} em atraso`,
  depois7: (mes) => `Fatura de royalties de ${mes} em atraso há 7 dias`,
};

export function lembreteDaFaturaEmail(f: {
  razaoSocial: string;
  periodo: string;
  valorCentavos: number;
  vencimento: string;
  hoje: string;
  etapa: EtapaRegua;
  invoiceUrl: string | null;
  extratoUrl: string;
}) {
  const mes = periodoPorExtenso(f.periodo);
  const subject = ASSUNTO[f.etapa](mes);
  const atraso = f.vencimento < f.hoje;
  const lines = [
    `Olá, ${f.razaoSocial}!`,
    `A fatura de royalties e fundo de propaganda de ${mes}, no valor de ${formatBRL(fromCentavos(f.valorCentavos))}, ${quandoVence(f.vencimento, f.hoje)} (${formatDateOnly(f.vencimento)}).`,
    atraso
      ? 'Não identificamos o pagamento. Se ele já foi feito, desconsidere este aviso.'
      : 'Este é um lembrete do pagamento.',
    ...(f.invoiceUrl ? [`Pagar a fatura: ${f.invoiceUrl}`] : []),
    'O extrato do mês, linha a linha, está em Meu extrato.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${f.extratoUrl}\n`,
    html: layout(subject, lines, { label: 'Ver o extrato', url: f.extratoUrl }),
  };
}
