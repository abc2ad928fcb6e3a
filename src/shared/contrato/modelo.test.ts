import { describe, expect, it } from 'vitest';
import {
  CONTRATO_CAMPO_NOMES,
  blocosObrigatorios,
  camposDesconhecidos,
  matriculaDeExemplo,
  MODELO_INICIAL,
  preencherModelo,
  valoresDosCampos,
} from './modelo';
import { parseMarkdown, textoDe } from './markdown';

describe('contract placeholders (issue 42)', () => {
  it('names the unknown placeholders, each once, spaces allowed', () => {
    expect(camposDesconhecidos('{{aluno.nome}} {{ aluno.idade }} {{turma}} {{aluno.idade}} {{data}}')).toEqual([
      'aluno.idade',
      'turma',
    ]);
    expect(camposDesconhecidos(MODELO_INICIAL)).toEqual([]);
  });

  it('the starting template uses every placeholder', () => {
    for (const campo of CONTRATO_CAMPO_NOMES) expect(MODELO_INICIAL, campo).toContain(`{{${campo}}}`);
  });

  it('fills every placeholder as plain text, the CPF whole in the contract and masked in the preview', () => {
    const dados = matriculaDeExemplo('2026-11-26');
    const contrato = preencherModelo('{{responsavel.cpf}} | {{valor.total}} | {{data}}', valoresDosCampos(dados), 10);
    const [linha] = parseMarkdown(contrato);
    expect(linha).toMatchObject({ tipo: 'paragrafo' });
    const texto = linha!.tipo === 'paragrafo' ? textoDe(linha!.linhas[0]!) : '';
    expect(texto).toMatch(/^529\.982\.247-25 \| R\$\s1\.200,10 \| 26\/11\/2026$/);
    const previa = preencherModelo('{{responsavel.cpf}}', valoresDosCampos(dados, { mascararCpf: true }), 10);
    expect(previa).toContain('\\*\\*\\*\\.\\*\\*\\*\\.\\*47\\-25');
    expect(previa).not.toContain('529');
  });

  it('ends every contract with the 7-day withdrawal and the cancellation fee, whatever the template says', () => {
    const contrato = preencherModelo('Só isto.', valoresDosCampos(matriculaDeExemplo('2026-11-26')), 7);
    expect(contrato.endsWith(`${blocosObrigatorios(7)}\n`)).toBe(true);
    expect(contrato).toContain('7 (sete) dias');
    expect(contrato).toContain('art. 49');
    expect(contrato).toContain('A multa de cancelamento é de 7%');
  });

  it('leaves an unknown placeholder as written (publishing refuses it)', () => {
    expect(preencherModelo('{{turma}}', valoresDosCampos(matriculaDeExemplo('2026-11-26')), 10)).toMatch(
      /^\{\{turma\}\}/,
    );
  });
});
