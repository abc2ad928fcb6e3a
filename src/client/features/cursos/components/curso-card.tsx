import { useId, useState } from 'react';
import { ChevronDown, Clock, Layers, Pencil, PowerOff } from 'lucide-react';
import { hasDiscount, totalCargaHoraria, type Curso } from '@shared/schemas/curso';
import { formatBRL, formatCount, formatParcelas } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

export interface CursoCardProps {
  curso: Curso;
  onEdit: (curso: Curso) => void;
  onDeactivate: (curso: Curso) => void;
  /** A deactivation is on its way: Desativar waits (one request per click, issue 23). */
  deactivating?: boolean;
}

/** SPEC §2 Meus Cursos: the course's numbers, its status, and its modules on demand. */
export function CursoCard({ curso, onEdit, onDeactivate, deactivating = false }: CursoCardProps) {
  const [expanded, setExpanded] = useState(false);
  const modulesId = useId();
  const horas = totalCargaHoraria(curso.modulos);
  const desconto = hasDiscount(curso.valor, curso.valorComDesconto);
  const modulos = curso.modulos.length;

  return (
    <Card className="flex flex-col" data-testid="curso-card">
      <CardHeader className="gap-2 pb-3">
        <div className="flex items-start justify-between gap-3">
          <CardTitle as="h2" className="min-w-0 break-words text-lg">
            {curso.titulo}
          </CardTitle>
          <Badge variant={curso.isActive ? 'success' : 'secondary'}>{curso.isActive ? 'Ativo' : 'Inativo'}</Badge>
        </div>
        {curso.descricao ? <p className="break-words text-sm text-muted-foreground">{curso.descricao}</p> : null}
      </CardHeader>
      <CardContent className="@container grid grid-cols-1 gap-4">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="flex items-center gap-2">
            <Layers aria-hidden="true" className="size-4 text-muted-foreground" />
            <dt className="sr-only">Módulos</dt>
            <dd>{modulos === 1 ? '1 módulo' : `${formatCount(modulos)} módulos`}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
            <dt className="sr-only">Carga horária total</dt>
            <dd>{formatCount(horas)}h</dd>
          </div>
          <div className="col-span-2">
            <dt className="sr-only">Valor</dt>
            <dd className="flex flex-wrap items-baseline gap-x-2">
              {desconto ? (
                <>
                  <span className="text-muted-foreground line-through">{formatBRL(curso.valor)}</span>
                  <span className="text-lg font-semibold text-foreground">{formatBRL(curso.valorComDesconto)}</span>
                  <span className="text-xs font-medium text-green-700">com desconto</span>
                </>
              ) : (
                <span className="text-lg font-semibold text-foreground">{formatBRL(curso.valor)}</span>
              )}
              {curso.parcelas > 1 ? (
                <span className="text-sm text-muted-foreground">
                  {formatParcelas(
                    curso.parcelas,
                    desconto && curso.valorComDesconto !== null ? curso.valorComDesconto : curso.valor,
                  )}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>

        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onEdit(curso)} aria-label={`Editar ${curso.titulo}`}>
            <Pencil aria-hidden="true" />
            Editar
          </Button>
          {curso.isActive ? (
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              disabled={deactivating}
              onClick={() => onDeactivate(curso)}
              aria-label={`Desativar ${curso.titulo}`}
            >
              <PowerOff aria-hidden="true" />
              Desativar
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            aria-expanded={expanded}
            aria-controls={modulesId}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? 'Ocultar módulos' : 'Ver módulos'}
            <ChevronDown aria-hidden="true" className={cn('transition-transform', expanded && 'rotate-180')} />
          </Button>
        </div>

        <div id={modulesId} hidden={!expanded}>
          {expanded ? (
            modulos === 0 ? (
              <p className="text-sm text-muted-foreground">Este curso ainda não possui módulos.</p>
            ) : (
              <Table aria-label={`Módulos de ${curso.titulo}`}>
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col" className="px-2">
                      Módulo
                    </TableHead>
                    <TableHead scope="col" className="px-2">
                      Título
                    </TableHead>
                    <TableHead scope="col" className="px-2">
                      Carga Horária
                    </TableHead>
                    <TableHead scope="col" className="hidden px-2 @sm:table-cell">
                      Status
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {curso.modulos.map((m) => (
                    <TableRow key={m.id}>
                      <TableCell className="px-2">{m.modulo}</TableCell>
                      <TableCell className="px-2 break-words">
                        {m.titulo}
                        {/* A narrow card has no Status column: an inactive module says so here. */}
                        {m.isActive ? null : (
                          <Badge variant="secondary" className="ml-2 @sm:hidden">
                            Inativo
                          </Badge>
                        )}
                      </TableCell>
                      <TableCell className="px-2">{formatCount(m.cargaHoraria)}h</TableCell>
                      <TableCell className="hidden px-2 @sm:table-cell">
                        <Badge variant={m.isActive ? 'success' : 'secondary'}>{m.isActive ? 'Ativo' : 'Inativo'}</Badge>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
