/**
 * CPF and CNPJ check digits (DESIGN §4.6). The CNPJ may be alphanumeric (issued since July 2026): 12 letters
 * or digits, then 2 check digits, each character worth its ASCII code minus 48.
 */

export function stripIdMask(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}

export function cpfCheckDigits(base9: string): string {
  const digits = [...base9].map(Number);
  for (let round = 0; round < 2; round++) {
    const weightStart = digits.length + 1;
    const sum = digits.reduce((acc, d, i) => acc + d * (weightStart - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.slice(9).join('');
}

export function isValidCpf(value: string): boolean {
  const cpf = stripIdMask(value);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}

const cnpjCharValue = (c: string) => c.charCodeAt(0) - 48;

export function cnpjCheckDigits(base12: string): string {
  const values = [...base12].map(cnpjCharValue);
  for (let round = 0; round < 2; round++) {
    const weights = values.map((_, i) => {
      const w = (values.length - 1 - i) % 8;
      return w + 2;
    });
    const sum = values.reduce((acc, v, i) => acc + v * (weights[i] ?? 0), 0);
    const rest = sum % 11;
    values.push(rest < 2 ? 0 : 11 - rest);
  }
  return values.slice(12).join('');
}

export function isValidCnpj(value: string): boolean {
  const cnpj = stripIdMask(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/** Builds a valid CPF from 9 base digits (demo and test data). */
export function makeCpf(base9: string): string {
  return base9 + cpfCheckDigits(base9);
}

/** Builds a valid CNPJ from 12 base characters (demo and test data). */
export function makeCnpj(base12: string): string {
  return base12 + cnpjCheckDigits(base12);
}
