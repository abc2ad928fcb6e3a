import { useState } from 'react';
import type { CepResult } from '@shared/schemas/cep';

/**
 * SPEC §5's CEP look-up: `lookUp(cep)` asks the service and hands cidade and estado to `fill`; `searching` says
 * a look-up is under way (the field's 'Buscando CEP...').
 */
export function useCepFill(
  lookupCep: (cep: string) => Promise<CepResult | null>,
  fill: (found: CepResult) => void,
): { searching: boolean; lookUp: (cep: string) => Promise<void> } {
  const [searching, setSearching] = useState(false);
  const lookUp = async (cep: string) => {
    setSearching(true);
    const found = await lookupCep(cep);
    setSearching(false);
    if (found) fill(found);
  };
  return { searching, lookUp };
}
