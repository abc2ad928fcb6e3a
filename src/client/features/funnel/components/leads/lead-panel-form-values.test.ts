import { describe, expect, it } from 'vitest';
import { leadPatchSchema } from '@shared/schemas/acompanhamento';
import { contatoPayload, responsavelPatch, retornoError, retornoPatch, statusPatch } from './lead-panel-form-values';
import { contatoFormSchema, retornoFormSchema, statusFormSchema } from './lead-panel-rules';

describe("the panel's payloads (issue 16)", () => {
  it('sends the loss reason with Sem interesse only', () => {
    expect(statusPatch({ status: 'sem_interesse', motivoPerda: 'preco' })).toEqual({
      status: 'sem_interesse',
      motivoPerda: 'preco',
    });
    expect(statusPatch({ status: 'interessado', motivoPerda: 'preco' })).toEqual({ status: 'interessado' });
    expect(leadPatchSchema.safeParse(statusPatch({ status: 'interessado', motivoPerda: 'preco' })).success).toBe(true);
  });

  it('refuses Sem interesse without a reason, under the reason', () => {
    const result = statusFormSchema.safeParse({ status: 'sem_interesse', motivoPerda: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['motivoPerda'], message: 'Informe o motivo da perda' }),
    ]);
  });

  it('removes the return with an empty date and refuses a day before today in Brasília', () => {
    expect(retornoPatch({ proximoContatoEm: '' })).toEqual({ proximoContatoEm: null });
    expect(retornoPatch({ proximoContatoEm: '2026-12-01' })).toEqual({ proximoContatoEm: '2026-12-01' });
    expect(retornoError('2026-11-22', '2026-11-23')).toBe('O retorno deve ser hoje ou depois');
    expect(retornoError('2026-11-23', '2026-11-23')).toBeUndefined();
    expect(retornoFormSchema.safeParse({ proximoContatoEm: '' }).error?.issues[0]?.message).toBe(
      'Informe a data do retorno',
    );
  });

  it("sends nobody as null and a contact's empty note as no note", () => {
    expect(responsavelPatch({ responsavelId: 'nenhum' })).toEqual({ responsavelId: null });
    expect(responsavelPatch({ responsavelId: '7d1c9a0e-3f5b-4c2a-9e8d-1b2c3d4e5f60' })).toEqual({
      responsavelId: '7d1c9a0e-3f5b-4c2a-9e8d-1b2c3d4e5f60',
    });
    expect(contatoPayload({ canal: 'telefone', resultado: 'atendeu', nota: '   ' })).toEqual({
      canal: 'telefone',
      resultado: 'atendeu',
      nota: null,
    });
    const empty = contatoFormSchema.safeParse({ canal: '', resultado: '', nota: '' });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual(['Escolha o canal', 'Escolha o resultado']);
  });
});
