import { describe, expect, it } from 'vitest';
import { alterarSenhaSchema, dispositivoDe } from './conta';

describe('dispositivoDe', () => {
  it('names the browser and the system in pt-BR', () => {
    const cases: [string, string][] = [
      [
        'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'Chrome no Android',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari no iPhone',
      ],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox no Windows'],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge no Windows',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        'Safari no macOS',
      ],
      [
        'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
        'Samsung Internet no Android',
      ],
      ['curl/8.5.0', 'Dispositivo desconhecido'],
      ['', 'Dispositivo desconhecido'],
    ];
    for (const [ua, expected] of cases) expect(dispositivoDe(ua)).toBe(expected);
    expect(dispositivoDe(null)).toBe('Dispositivo desconhecido');
  });
});

describe('alterarSenhaSchema', () => {
  it('asks for the current password and a different new one of at least 6 characters', () => {
    expect(alterarSenhaSchema.safeParse({ senhaAtual: 'antiga1', novaSenha: 'nova123' }).success).toBe(true);
    expect(alterarSenhaSchema.safeParse({ senhaAtual: '', novaSenha: 'nova123' }).success).toBe(false);
    expect(alterarSenhaSchema.safeParse({ senhaAtual: 'antiga1', novaSenha: 'curta' }).success).toBe(false);
    expect(alterarSenhaSchema.safeParse({ senhaAtual: 'mesma123', novaSenha: 'mesma123' }).success).toBe(false);
  });
});
