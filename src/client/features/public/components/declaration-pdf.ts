import { formatBRL, formatCpf, formatDateOnly, formatDateTime } from '@shared/format';
import { codigoDeclaracao } from '@shared/declaracao';
import type { CreditDeclaration } from '@shared/schemas/public';

/** The address that verifies a declaration (issue 23): its code, nothing personal. */
export const verificationUrl = (declaration: CreditDeclaration) =>
  `${window.location.origin}/declaracao/${codigoDeclaracao(declaration.id)}`;

export const pdfFileName = (declaration: CreditDeclaration) =>
  `declaracao-credito-${codigoDeclaracao(declaration.id)}.pdf`;

/**
 * The 'Declaração de Crédito Estudantil' as an A4 PDF, drawn in the browser (issue 23). jsPDF is loaded only when
 * asked for (ADR 015's budget); its standard fonts cover Portuguese's accents.
 */
export async function declarationPdf(declaration: CreditDeclaration): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  const left = 20;
  const width = 170;
  let y = 24;
  doc.setProperties({ title: 'Declaração de Crédito Estudantil', creator: 'Rede Crédito Educacional' });

  doc.setFont('helvetica', 'bold').setFontSize(11).setTextColor(29, 78, 216);
  doc.text('Rede Crédito Educacional', 105, y, { align: 'center' });
  y += 10;
  doc.setFontSize(17).setTextColor(23, 37, 84);
  doc.text('DECLARAÇÃO DE CRÉDITO ESTUDANTIL', 105, y, { align: 'center' });
  y += 6;
  doc
    .setDrawColor(30, 58, 138)
    .setLineWidth(0.6)
    .line(left, y, left + width, y);
  y += 10;

  doc.setFont('helvetica', 'normal').setFontSize(11).setTextColor(15, 23, 42);
  const intro = doc.splitTextToSize(
    `Declaramos, para os devidos fins, que o(a) aluno(a) abaixo identificado(a) é beneficiário(a) de um crédito educacional no valor de ${formatBRL(declaration.valorTotalDesconto)}, concedido no evento realizado na cidade de ${declaration.cidade}.`,
    width,
  ) as string[];
  doc.text(intro, left, y);
  y += intro.length * 5.5 + 6;

  const rows: [string, string][] = [
    ['Aluno(a)', declaration.nomeAluno],
    ['CPF do aluno', formatCpf(declaration.cpfAluno)],
    ['Responsável', declaration.nomeResponsavel],
    ['CPF do responsável', formatCpf(declaration.cpfResponsavel)],
    ['Cidade do evento', `${declaration.cidade} - ${declaration.estado}`],
    ['Evento', `${declaration.nomeEscola}, ${formatDateOnly(declaration.dataEvento)}`],
    ['Valor do crédito', formatBRL(declaration.valorTotalDesconto)],
  ];
  for (const [label, value] of rows) {
    doc.setFont('helvetica', 'normal').setTextColor(71, 85, 105).text(label, left, y);
    const lines = doc.splitTextToSize(value, width - 50) as string[];
    doc
      .setFont('helvetica', 'bold')
      .setTextColor(15, 23, 42)
      .text(lines, left + 50, y);
    y += lines.length * 5.5 + 2.5;
  }
  y += 6;

  doc.setFont('helvetica', 'normal').setFontSize(10);
  const note = doc.splitTextToSize(
    'Este crédito é pessoal e intransferível e somente terá validade mediante a formalização do contrato de matrícula com a instituição de ensino credenciada.',
    width - 8,
  ) as string[];
  doc.setFillColor(255, 251, 235).rect(left, y - 5, width, note.length * 5 + 6, 'F');
  doc.setTextColor(120, 53, 15).text(note, left + 4, y);
  y += note.length * 5 + 12;

  doc.setFontSize(9).setTextColor(100, 116, 139);
  doc.text(`Emitida em ${formatDateTime(declaration.createdAt)} · Código ${codigoDeclaracao(declaration.id)}`, left, y);
  y += 5;
  doc.text(`Verifique a autenticidade em ${verificationUrl(declaration)}`, left, y);
  return doc.output('blob');
}

/** Saves the PDF on the device (a phone keeps it in its downloads). */
export async function downloadDeclarationPdf(declaration: CreditDeclaration): Promise<void> {
  const blob = await declarationPdf(declaration);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = pdfFileName(declaration);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The phone's share sheet (Web Share API): the PDF itself where the browser can share files, otherwise the
 * verification link, which carries no personal data.
 */
export async function shareDeclaration(declaration: CreditDeclaration): Promise<void> {
  const title = 'Declaração de Crédito Estudantil';
  const text = `Declaração de Crédito Estudantil, código ${codigoDeclaracao(declaration.id)}.`;
  const url = verificationUrl(declaration);
  try {
    const file = new File([await declarationPdf(declaration)], pdfFileName(declaration), { type: 'application/pdf' });
    if (navigator.canShare?.({ files: [file] })) {
      await navigator.share({ title, text: `${text} Verifique em ${url}`, files: [file] });
      return;
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return; // the visitor closed the sheet
  }
  try {
    await navigator.share({ title, text, url });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
  }
}
