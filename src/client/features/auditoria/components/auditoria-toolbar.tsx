import { useId } from 'react';
import { Download, Search, X } from 'lucide-react';
import {
  AUDIT_ACOES,
  AUDIT_ACAO_VALUES,
  AUDIT_ENTIDADES,
  AUDIT_ENTIDADE_VALUES,
  type AuditAcao,
  type AuditEntidade,
} from '@shared/schemas/auditoria';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterChips } from '@/components/ui/filter-chips';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SearchHint } from '@/components/ui/search-hint';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
  SEM_FILTRO,
} from '@/components/ui/select';
import type { AuditoriaFilters } from '../hooks/use-auditoria-filters';
import { DateInput } from '@/components/ui/date-input';

/** Radix Select needs a non-empty value for 'all'. */

/** The actions grouped by the kind of record they are about, in AUDIT_ENTIDADES' order. */
function acoesPorEntidade(entidade: AuditEntidade | ''): { entidade: AuditEntidade; acoes: AuditAcao[] }[] {
  return AUDIT_ENTIDADE_VALUES.filter((e) => !entidade || e === entidade)
    .map((e) => ({ entidade: e, acoes: AUDIT_ACAO_VALUES.filter((acao) => AUDIT_ACOES[acao].entidade === e) }))
    .filter((group) => group.acoes.length > 0);
}

export interface AuditoriaToolbarProps {
  filters: AuditoriaFilters;
  /** The export's address with the list's filters; null while the filters cannot be asked for. */
  exportHref: string | null;
}

/**
 * The period (two pt-BR dates), the action (grouped by record kind, narrowed to the kind chosen), the record kind,
 * who acted, the record and person a link chose (chips), 'Limpar filtros' and 'Exportar CSV'.
 */
export function AuditoriaToolbar({ filters, exportHref }: AuditoriaToolbarProps) {
  const id = useId();
  const { values, update } = filters;
  const periodErrorId = `${id}-periodo-erro`;
  const invalid = filters.periodError ? true : undefined;

  return (
    <Card className="p-4">
      <form
        aria-label="Filtros da auditoria"
        role="search"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.6fr)_minmax(0,1.2fr)]"
      >
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-de`}>De</Label>
          <DateInput
            id={`${id}-de`}
            value={values.de}
            aria-invalid={invalid}
            aria-describedby={invalid && periodErrorId}
            onValueChange={(de) => update({ de })}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-ate`}>Até</Label>
          <DateInput
            id={`${id}-ate`}
            value={values.ate}
            aria-invalid={invalid}
            aria-describedby={invalid && periodErrorId}
            onValueChange={(ate) => update({ ate })}
          />
        </div>
        {filters.periodError ? (
          <p
            id={periodErrorId}
            role="alert"
            className="text-sm font-medium text-destructive sm:col-span-2 xl:order-last xl:col-span-4"
          >
            {filters.periodError}
          </p>
        ) : null}

        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-acao`}>Ação</Label>
          <Select
            value={values.acao || SEM_FILTRO}
            onValueChange={(acao) => update({ acao: acao === SEM_FILTRO ? '' : acao })}
          >
            <SelectTrigger id={`${id}-acao`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={SEM_FILTRO}>Todas as ações</SelectItem>
              {acoesPorEntidade(values.entidade).map((group) => (
                <SelectGroup key={group.entidade}>
                  <SelectLabel>{AUDIT_ENTIDADES[group.entidade]}</SelectLabel>
                  {group.acoes.map((acao) => (
                    <SelectItem key={acao} value={acao}>
                      {AUDIT_ACOES[acao].rotulo}
                    </SelectItem>
                  ))}
                </SelectGroup>
              ))}
            </SelectContent>
          </Select>
        </div>

        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-entidade`}>Tipo de registro</Label>
          <Select
            value={values.entidade || SEM_FILTRO}
            onValueChange={(entidade) => update({ entidade: entidade === SEM_FILTRO ? '' : entidade })}
          >
            <SelectTrigger id={`${id}-entidade`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={SEM_FILTRO}>Todos os registros</SelectItem>
              {AUDIT_ENTIDADE_VALUES.map((entidade) => (
                <SelectItem key={entidade} value={entidade}>
                  {AUDIT_ENTIDADES[entidade]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <div className="flex min-w-0 flex-col gap-2 sm:col-span-2">
          <Label htmlFor={`${id}-busca`}>Quem fez</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-busca`}
              type="search"
              placeholder="Buscar por nome ou e-mail de quem fez"
              value={values.q}
              maxLength={200}
              onChange={(event) => filters.setSearch(event.target.value)}
              aria-describedby={filters.searchHint ? `${id}-busca-dica` : undefined}
              className="pl-9"
            />
          </div>
          <SearchHint id={`${id}-busca-dica`} hint={filters.searchHint} />
        </div>

        <div className="flex flex-wrap items-end justify-end gap-2 sm:col-span-2">
          {filters.active ? (
            <Button type="button" variant="ghost" onClick={filters.clear}>
              <X aria-hidden="true" />
              Limpar filtros
            </Button>
          ) : null}
          {exportHref ? (
            <Button asChild variant="outline">
              <a href={exportHref} download>
                <Download aria-hidden="true" />
                Exportar CSV
              </a>
            </Button>
          ) : null}
        </div>

        {filters.chips.length > 0 ? (
          <FilterChips
            title="Filtros vindos de um link"
            className="sm:col-span-2 xl:col-span-4"
            chips={filters.chips}
            onRemove={filters.removeChip}
          />
        ) : null}
      </form>
    </Card>
  );
}
