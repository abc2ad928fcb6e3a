import { useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { type SacTicket } from '@shared/schemas/sac';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useAvaliarTicket } from '../api/ticket';

export function RatingShown({ ticket }: { ticket: SacTicket }) {
  if (!ticket.avaliacao) return null;
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold">Avaliação do atendimento</h2>
      <p className="mt-2 text-sm">
        Nota {ticket.avaliacao.nota} de 5{ticket.avaliacao.comentario ? ` — “${ticket.avaliacao.comentario}”` : ''}
      </p>
    </Card>
  );
}

export function Rating({ ticket }: { ticket: SacTicket }) {
  const [nota, setNota] = useState<number | null>(null);
  const [comentario, setComentario] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const avaliar = useAvaliarTicket({
    onSuccess: () => toast({ title: 'Obrigado pela avaliação!', variant: 'success' }),
    onError: (error) => setErro(errorMessage(error, 'Falha ao enviar a avaliação')),
  });
  if (ticket.avaliacao) return <RatingShown ticket={ticket} />;
  if (ticket.status !== 'concluido') return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (nota === null) return setErro('Escolha uma nota de 1 a 5');
    setErro(null);
    avaliar.mutate({ id: ticket.id, nota, comentario: comentario.trim() || undefined });
  };
  return (
    <Card className="p-4 sm:p-5">
      <form onSubmit={onSubmit} className="grid gap-3" noValidate>
        <fieldset className="grid gap-2">
          <legend className="text-base font-semibold">Como foi o atendimento?</legend>
          <div className="flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className={cn(
                  'flex cursor-pointer items-center gap-1 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  nota === n ? 'border-primary bg-primary/10 font-semibold' : 'border-input',
                )}
              >
                <input
                  type="radio"
                  name="nota"
                  value={n}
                  checked={nota === n}
                  onChange={() => setNota(n)}
                  className="sr-only"
                />
                <Star aria-hidden="true" className="size-4" />
                {n}
                <span className="sr-only">{n === 1 ? ' estrela' : ' estrelas'}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor="avaliacao-comentario">Comentário (opcional)</Label>
          <Textarea
            id="avaliacao-comentario"
            value={comentario}
            onChange={(event) => setComentario(event.target.value)}
            rows={3}
          />
        </div>
        {erro ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {erro}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={avaliar.isPending}>
            Enviar avaliação
          </Button>
        </div>
      </form>
    </Card>
  );
}
