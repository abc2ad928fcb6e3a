import { useId } from 'react';
import { AlertTriangle } from 'lucide-react';
import { MISSING, formatCpf, formatDateTime, formatPhone } from '@shared/format';
import type { PreMatriculaConflito, PreMatriculaItem } from '@shared/schemas/funnel';
import { badgeVariants } from '@/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

interface Activation {
  nomeAluno: string | null;
  nomeResponsavel: string | null;
  cpfResponsavel: string | null;
  email: string;
  telefone: string | null;
  createdAt: string;
}

function ActivationData({ id, title, activation }: { id: string; title: string; activation: Activation }) {
  const fields: [string, string][] = [
    ['Aluno', activation.nomeAluno ?? MISSING],
    ['Responsável', activation.nomeResponsavel ?? MISSING],
    ['CPF do responsável', formatCpf(activation.cpfResponsavel)],
    ['Email', activation.email],
    ['Telefone', formatPhone(activation.telefone)],
    ['Data', formatDateTime(activation.createdAt, { withTime: true })],
  ];
  return (
    <section aria-labelledby={id} className="rounded-md border border-border p-3">
      <h3 id={id} className="mb-2 text-sm font-semibold">
        {title}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The 'Conflito' badge of a pré-matrícula whose student was activated again at the event with another guardian's
 * CPF or e-mail (ADR 020): it opens both guardians' data, for the staff to check with the family before Efetivar.
 */
export function ConflitoDialog({
  preMatricula,
  conflito,
}: {
  preMatricula: Pick<PreMatriculaItem, 'nome' | 'nomeAluno' | 'nomeResponsavel' | 'email' | 'telefone' | 'createdAt'>;
  conflito: PreMatriculaConflito;
}) {
  const baseId = useId();
  return (
    <Dialog>
      <DialogTrigger className={cn(badgeVariants({ variant: 'warning' }), 'gap-1 hover:bg-amber-200')}>
        <AlertTriangle aria-hidden="true" className="size-3.5" />
        Conflito <span className="sr-only">na ativação de {preMatricula.nome}</span>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Ativações em conflito</DialogTitle>
          <DialogDescription>
            O crédito deste aluno foi ativado de novo neste evento com outro CPF de responsável ou outro e-mail. A
            ativação registrada não foi alterada; confira os documentos com a família antes de efetivar.
          </DialogDescription>
        </DialogHeader>
        <ActivationData
          id={`${baseId}-registrada`}
          title="Ativação registrada"
          activation={{
            ...preMatricula,
            nomeAluno: preMatricula.nomeAluno ?? preMatricula.nome,
            cpfResponsavel: conflito.cpfResponsavel,
          }}
        />
        {conflito.tentativas.map((tentativa, index) => (
          <ActivationData
            key={tentativa.id}
            id={`${baseId}-${tentativa.id}`}
            title={conflito.tentativas.length > 1 ? `Outra tentativa (${index + 1})` : 'Outra tentativa'}
            activation={tentativa}
          />
        ))}
      </DialogContent>
    </Dialog>
  );
}
