import { describe, expect, it, vi } from 'vitest';
import type { ChangeEvent, FocusEvent } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useMaskedRegister } from './use-masked-register';

interface Values {
  cpf: string;
  cep: string;
}

function fakeRegister() {
  const onChange = vi.fn(async () => undefined);
  const onBlur = vi.fn(async () => undefined);
  const register = ((name: string) => ({ name, onChange, onBlur, ref: () => undefined })) as UseFormRegister<Values>;
  return { register, onChange, onBlur };
}

const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

describe('useMaskedRegister', () => {
  it('masks what is typed before react-hook-form reads it, with the mask length and placeholder', () => {
    const { register, onChange } = fakeRegister();
    // No React state inside: it can be called as a plain function here.
    const masked = useMaskedRegister(register);
    const cpf = masked('cpf', 'cpf');
    expect(cpf).toMatchObject({ name: 'cpf', maxLength: 14, placeholder: '000.000.000-00', inputMode: 'numeric' });
    const event = typed('12345678901');
    void cpf.onChange(event);
    expect(event.target.value).toBe('123.456.789-01');
    expect(onChange).toHaveBeenCalledWith(event);
  });

  it('runs afterBlur with the value once react-hook-form has seen the blur', async () => {
    const { register, onBlur } = fakeRegister();
    const afterBlur = vi.fn();
    const cep = useMaskedRegister(register)('cep', 'cep', { afterBlur });
    await cep.onBlur({ target: { value: '01001-000' } } as FocusEvent<HTMLInputElement>);
    expect(onBlur).toHaveBeenCalled();
    expect(afterBlur).toHaveBeenCalledWith('01001-000');
  });
});
