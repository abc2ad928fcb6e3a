import { formatBRL, formatCount } from '@shared/format';
import type { CursoResumo as Resumo } from './curso-form-values';

export interface CursoResumoProps {
  modulos: number;
  resumo: Resumo;
}

/** 'Resumo': how many modules, their total hours and the value (the discounted one beside the original). */
export function CursoResumo({ modulos, resumo: { horas, valor, valorComDesconto } }: CursoResumoProps) {
  return (
    <section aria-labelledby="curso-resumo" className="rounded-md bg-muted p-4">
      <h3 id="curso-resumo" className="mb-2 text-sm font-semibold">
        Resumo
      </h3>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Total de módulos</dt>
          <dd className="font-semibold" data-testid="resumo-modulos">
            {formatCount(modulos)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Carga horária total</dt>
          <dd className="font-semibold" data-testid="resumo-horas">
            {formatCount(horas)}h
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{valorComDesconto !== null ? 'Valor com desconto' : 'Valor'}</dt>
          <dd className="font-semibold" data-testid="resumo-valor">
            {valorComDesconto !== null ? (
              <>
                {formatBRL(valorComDesconto)}{' '}
                <span className="font-normal text-muted-foreground line-through">{formatBRL(valor)}</span>
              </>
            ) : (
              formatBRL(valor)
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
