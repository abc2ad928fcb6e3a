import { maskCep } from './format';

/**
 * An event's street address (issue 51, ADR 090) as the voucher page, its e-mail and its .ics write it. An event
 * without a logradouro has no street address: these answer null and every place keeps 'Na Escola - Campinas - SP'.
 */
export interface EnderecoDoEvento {
  logradouro?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  /** The 8 digits (or masked), or null. */
  cep?: string | null;
  cidade: string;
  estado: string;
}

const juntar = (parts: (string | null | undefined)[], sep: string) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(sep);

function montar(e: EnderecoDoEvento, comComplemento: boolean): string | null {
  const logradouro = e.logradouro?.trim();
  if (!logradouro) return null;
  const rua = juntar([logradouro, e.numero], ', ');
  const cidade = `${e.cidade.trim()} - ${e.estado.trim()}`;
  const cep = e.cep ? maskCep(e.cep) : null;
  return juntar([juntar([rua, comComplemento ? e.complemento : null, e.bairro], ' - '), cidade, cep], ', ');
}

/** 'Rua Barão de Jaguara, 1000 - Sala 2 - Centro, Campinas - SP, 13015-001'; null without a logradouro. */
export const enderecoCompleto = (e: EnderecoDoEvento): string | null => montar(e, true);

/**
 * The map link of the address (Google Maps' search URL, which every phone opens in its maps app); null without a
 * logradouro. The complemento (a room, a block) is left out of the search: no map knows it.
 */
export function mapaUrl(e: EnderecoDoEvento): string | null {
  const endereco = montar(e, false);
  return endereco ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(endereco)}` : null;
}
