import { createHash } from 'node:crypto';
import { jsPDF } from 'jspdf';
import { BRASILIA_TIME_ZONE } from '../../../shared/brasilia';
import { type ContratoCongelado, codigoVerificacaoContrato, resumoDoValor } from '../../../shared/contrato/aceite';
import { type Inline, parseMarkdown, textoDe } from '../../../shared/contrato/markdown';
import { formatDateTime } from '../../../shared/format';

/** What an accepted contract's PDF is drawn from: the frozen contract and its acceptance's record, nothing else. */
export interface ContratoParaPdf extends ContratoCongelado {
  createdAt: Date;
  aceitoEm: Date;
  aceiteIp: string | null;
  aceiteCanal: string;
}

const LEFT = 20;
const WIDTH = 170;
const TOP = 22;
const BOTTOM = 277;

/**
 * The standard PDF fonts speak Windows-1252: Portuguese's accents are there, a few typographic marks are mapped to
 * their plain forms and anything else becomes '?', so a template pasted from a word processor never breaks a page.
 */
function paraWinAnsi(texto: string): string {
  return texto
    .normalize('NFC')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\u2026/g, '...')
    .replace(/\s/g, (c) => (c === '\n' ? c : ' '))
    .replace(/[^\n\u0020-\u007E\u00A0-\u00FF]/g, '?');
}

/**
 * jsPDF passes every text through its plugins for other scripts: Arabic shaping before it is written, then the
 * bidirectional reordering and the 16-bit encoding of embedded Unicode fonts. The contract's text is Windows-1252 in
 * the standard fonts (paraWinAnsi), left to right, which they leave as it is -- and they took two fifths of a render.
 * Unsubscribed for this document only; the bytes are the same (contrato.pdf.test.ts renders both ways).
 */
function soTextoLatino(doc: jsPDF) {
  const { events } = doc.internal;
  const topics = events.getTopics();
  for (const topic of ['preProcessText', 'postProcessText']) {
    for (const token of Object.keys(topics[topic] ?? {})) events.unsubscribe(token);
  }
}

const texto = (partes: Inline[]) => paraWinAnsi(textoDe(partes));

/**
 * An accepted contract as an A4 PDF, drawn on the server (issue 42, ADR 066) with the jsPDF the client's declaration
 * uses. Deterministic: the same contract gives the same bytes -- the document's date is the contract's creation,
 * its file id is derived from the contract's id, and nothing of the moment it is drawn goes in -- so the SHA-256
 * recorded at acceptance is the hash of every later download. Each page carries the verification code.
 */
export function renderContratoPdf(c: ContratoParaPdf, appUrl: string, comoVem = false): Buffer {
  const codigo = codigoVerificacaoContrato(c.id);
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  if (!comoVem) soTextoLatino(doc);
  doc.setCreationDate(c.createdAt);
  doc.setFileId(createHash('sha256').update(c.id).digest('hex').slice(0, 32).toUpperCase());
  doc.setProperties({
    title: paraWinAnsi(c.titulo),
    subject: `Contrato ${codigo}`,
    creator: 'Rede Crédito Educacional',
  });

  let y = TOP;
  const precisa = (altura: number) => {
    if (y + altura > BOTTOM) {
      doc.addPage();
      y = TOP;
    }
  };
  const escrever = (linha: string, opcoes: { tamanho: number; negrito?: boolean; recuo?: number; depois?: number }) => {
    const recuo = opcoes.recuo ?? 0;
    doc.setFont('helvetica', opcoes.negrito ? 'bold' : 'normal').setFontSize(opcoes.tamanho);
    const altura = opcoes.tamanho * 0.45;
    for (const parte of doc.splitTextToSize(linha, WIDTH - recuo) as string[]) {
      precisa(altura);
      doc.text(parte, LEFT + recuo, y);
      y += altura;
    }
    y += opcoes.depois ?? 0;
  };

  doc.setTextColor(29, 78, 216);
  escrever('Rede Crédito Educacional', { tamanho: 10, negrito: true, depois: 2 });
  doc.setTextColor(15, 23, 42);
  escrever(paraWinAnsi(c.titulo), { tamanho: 15, negrito: true, depois: 1 });
  doc.setTextColor(71, 85, 105);
  escrever(`Versão ${c.versao} do modelo de contrato da rede. Código de verificação ${codigo}.`, {
    tamanho: 9,
    depois: 4,
  });
  doc.setTextColor(15, 23, 42);

  for (const bloco of parseMarkdown(c.texto)) {
    switch (bloco.tipo) {
      case 'titulo':
        y += 2;
        escrever(texto(bloco.partes), { tamanho: bloco.nivel === 1 ? 13 : bloco.nivel === 2 ? 12 : 11, negrito: true });
        y += 1.5;
        break;
      case 'paragrafo':
        for (const linha of bloco.linhas) escrever(texto(linha), { tamanho: 10.5 });
        y += 2.5;
        break;
      case 'lista':
        bloco.itens.forEach((item, i) => {
          escrever(`${bloco.ordenada ? `${i + 1}.` : '-'} ${texto(item)}`, { tamanho: 10.5, recuo: 4 });
        });
        y += 2.5;
        break;
      case 'separador':
        precisa(4);
        doc
          .setDrawColor(203, 213, 225)
          .setLineWidth(0.3)
          .line(LEFT, y, LEFT + WIDTH, y);
        y += 4;
        break;
    }
  }

  y += 4;
  precisa(40);
  doc
    .setDrawColor(30, 58, 138)
    .setLineWidth(0.5)
    .line(LEFT, y, LEFT + WIDTH, y);
  y += 7;
  escrever('Aceite eletrônico', { tamanho: 12, negrito: true, depois: 1 });
  const quando = formatDateTime(c.aceitoEm, { withTime: true, timeZone: BRASILIA_TIME_ZONE });
  escrever(
    `Aceito pelo responsável em ${quando} (horário de Brasília), com o código de confirmação enviado por ${
      c.aceiteCanal === 'email' ? 'e-mail' : c.aceiteCanal
    } e os 3 primeiros dígitos do CPF do responsável${c.aceiteIp ? `, a partir do endereço IP ${c.aceiteIp}` : ''}.`,
    { tamanho: 10, depois: 1 },
  );
  escrever(`${resumoDoValor(c)}. Versão do modelo: ${c.versao}.`, { tamanho: 10, depois: 1 });

  const paginas = doc.getNumberOfPages();
  for (let pagina = 1; pagina <= paginas; pagina += 1) {
    doc.setPage(pagina);
    doc.setFont('helvetica', 'normal').setFontSize(8).setTextColor(100, 116, 139);
    doc.text(`Código de verificação ${codigo} - confira em ${appUrl}/contrato/verificar/${codigo}`, LEFT, 288);
    doc.text(`Página ${pagina} de ${paginas}`, LEFT + WIDTH, 288, { align: 'right' });
  }
  return Buffer.from(doc.output('arraybuffer'));
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
