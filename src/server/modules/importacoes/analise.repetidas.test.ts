import { describe, expect, it } from 'vitest';
import { analisarArquivo, analisarLinha, RepetidasDoArquivo, RepetidasLidas } from './analise';

const CAMPOS = ['nomeAluno', 'nomeResponsavel', 'email', 'telefone'];

/** A file of leads whose rows repeat each other's e-mail or phone now and then, some of them invalid. */
function arquivo(n: number, semente: number) {
  let x = semente;
  const aleatorio = (m: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % m;
  };
  return Array.from({ length: n }, (_, i) => {
    const aluno = `Aluno ${aleatorio(8)}`;
    return {
      linha: i + 2,
      valores: [
        aluno,
        'Responsável',
        aleatorio(10) === 0 ? 'sem-arroba' : `pessoa${aleatorio(12)}@exemplo.com.br`,
        `(11) 98765-43${String(aleatorio(15)).padStart(2, '0')}`,
      ],
    };
  });
}

describe('the repeats the analysis keeps for the job (issue 50)', () => {
  it('mark, read back, the same rows with the same messages as the file analysed at once', () => {
    for (let semente = 1; semente <= 20; semente++) {
      const linhas = arquivo(200, semente);
      const esperadas = analisarArquivo('leads', CAMPOS, linhas);
      const repetidas = new RepetidasDoArquivo('leads');
      for (const l of linhas) repetidas.adicionar(analisarLinha('leads', CAMPOS, l.linha, l.valores));
      repetidas.fechar();
      for (const l of linhas) repetidas.marcar(analisarLinha('leads', CAMPOS, l.linha, l.valores));
      // As kept in the database: JSON, line numbers and labels only.
      const guardadas = JSON.parse(JSON.stringify(repetidas.guardadas())) as ReturnType<typeof repetidas.guardadas>;
      expect(JSON.stringify(guardadas)).not.toMatch(/exemplo|Aluno \d|98765|Responsável/);
      const lidas = new RepetidasLidas(guardadas);
      const obtidas = linhas.map((l) => {
        const analisada = analisarLinha('leads', CAMPOS, l.linha, l.valores);
        lidas.marcar(analisada);
        return analisada;
      });
      expect(obtidas).toEqual(esperadas);
      expect(esperadas.some((l) => l.repetida)).toBe(true);
    }
  });
});
