import { describe, expect, it } from 'vitest';
import type { WhatsappModeloView } from '@shared/schemas/whatsapp-cloud';
import { whatsappModeloSchema } from '@shared/schemas/whatsapp-cloud';
import { custosPayload, custosValuesFrom } from './custos-form-values';
import {
  descreverVariavel,
  modeloPayload,
  modeloValuesFrom,
  proximaVariavel,
  sugerirPosicao,
} from './modelo-form-values';
import { momentosPayload, SO_EMAIL } from './momentos-form-values';

const modelo: WhatsappModeloView = {
  id: 'm-1',
  nome: 'confirmacao_inscricao',
  idioma: 'pt_BR',
  categoria: 'UTILITY',
  variaveis: [
    { componente: 'header', posicao: 1, botao: null, campo: 'evento' },
    { componente: 'body', posicao: 1, botao: null, campo: 'primeiro_nome' },
    { componente: 'button', posicao: 1, botao: 0, campo: 'link_voucher' },
  ],
  momentos: [],
  atualizadoEm: '2026-11-20T12:00:00.000Z',
};

describe("the WhatsApp template dialog's values (issue 47)", () => {
  it('round-trips a template into the body the shared schema accepts, the button index only on a button', () => {
    const body = modeloPayload(modeloValuesFrom(modelo));
    expect(body).toEqual({
      nome: 'confirmacao_inscricao',
      idioma: 'pt_BR',
      categoria: 'UTILITY',
      variaveis: [
        { componente: 'header', posicao: 1, campo: 'evento' },
        { componente: 'body', posicao: 1, campo: 'primeiro_nome' },
        { componente: 'button', posicao: 1, botao: 0, campo: 'link_voucher' },
      ],
    });
    expect(whatsappModeloSchema.safeParse(body).success).toBe(true);
  });

  it("leaves out what is not typed, so the schema's messages name it", () => {
    const body = modeloPayload({
      nome: ' lembrete ',
      idioma: 'pt_BR',
      categoria: '',
      variaveis: [{ componente: 'button', posicao: '', botao: '', campo: '' }],
    });
    expect(body).toEqual({
      nome: 'lembrete',
      idioma: 'pt_BR',
      categoria: undefined,
      variaveis: [{ componente: 'button', posicao: undefined, botao: null, campo: undefined }],
    });
    expect(whatsappModeloSchema.safeParse(body).success).toBe(false);
  });

  it("numbers a new variable after the body's last and words each variable", () => {
    expect(proximaVariavel([]).posicao).toBe('1');
    expect(proximaVariavel(modeloValuesFrom(modelo).variaveis)).toEqual({
      componente: 'body',
      posicao: '2',
      botao: '',
      campo: '',
    });
    const variaveis = modeloValuesFrom(modelo).variaveis;
    expect(sugerirPosicao('button', variaveis)).toEqual({ posicao: '1', botao: '1' });
    expect(sugerirPosicao('header', [])).toEqual({ posicao: '1', botao: '' });
    expect(sugerirPosicao('body', variaveis)).toEqual({ posicao: '2', botao: '' });
    expect(modelo.variaveis.map(descreverVariavel)).toEqual([
      '{{1}} do cabeçalho → Evento (escola)',
      '{{1}} do corpo → Primeiro nome do aluno',
      '{{1}} do botão 0 → Link do voucher',
    ]);
  });

  it('sends prices in whole centavos and a moment by e-mail only as null', () => {
    const valores = custosValuesFrom({ UTILITY: 4, MARKETING: 35, AUTHENTICATION: 4 });
    expect(valores).toEqual({ UTILITY: 0.04, MARKETING: 0.35, AUTHENTICATION: 0.04 });
    expect(custosPayload({ ...valores, MARKETING: 0.625 })).toEqual({ UTILITY: 4, MARKETING: 63, AUTHENTICATION: 4 });
    expect(
      momentosPayload({ inscricao: 'm-1', lembrete_vespera: SO_EMAIL, contrato: SO_EMAIL, cobranca: SO_EMAIL }),
    ).toEqual({ inscricao: 'm-1', lembrete_vespera: null, contrato: null, cobranca: null });
  });
});
