import { useId } from 'react';
import { formatDateOnly } from '@shared/format';
import type { LeadDetalhe } from '@shared/schemas/acompanhamento';
import {
  type WhatsappModelo,
  type WhatsappModeloChave,
  preencherMensagem,
  primeiroNome,
} from '@shared/schemas/whatsapp';
import { cn } from '@/lib/utils';

/** Which message the WhatsApp button opens with: one of the network's templates, or none. */
export type WhatsappEscolha = WhatsappModeloChave | 'nenhuma';

/** A template filled for this lead's family: its responsável's and aluno's first names, its event and date. */
export function mensagemDoLead(modelo: WhatsappModelo, lead: LeadDetalhe): string {
  return preencherMensagem(modelo.texto, {
    nome: primeiroNome(lead.nomeResponsavel),
    aluno: primeiroNome(lead.nomeAluno),
    evento: lead.evento.nomeEscola,
    data: formatDateOnly(lead.evento.dataEvento),
  });
}

export interface WhatsappMensagemProps {
  modelos: readonly WhatsappModelo[];
  escolha: WhatsappEscolha;
  onEscolha: (escolha: WhatsappEscolha) => void;
  /** The chosen message, filled for the family (shown as it will be sent). */
  mensagem: string | null;
}

const OPTION =
  'inline-flex min-h-9 cursor-pointer items-center rounded-full border border-input bg-background px-3 py-1.5 text-sm font-medium has-[:checked]:border-green-700 has-[:checked]:bg-green-50 has-[:checked]:text-green-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';

/**
 * The message the lead panel's WhatsApp button opens with (issue 51, ADR 091): one of the network's templates,
 * chosen here and shown filled, or none. The link's `?text=` follows the choice.
 */
export function WhatsappMensagem({ modelos, escolha, onEscolha, mensagem }: WhatsappMensagemProps) {
  const legendId = useId();
  const name = useId();
  const opcoes: { value: WhatsappEscolha; label: string }[] = [
    ...modelos.map((m) => ({ value: m.chave, label: m.titulo })),
    { value: 'nenhuma', label: 'Sem mensagem' },
  ];
  return (
    <fieldset className="grid gap-2" aria-labelledby={legendId}>
      <legend id={legendId} className="text-sm font-medium">
        Mensagem do WhatsApp
      </legend>
      <div className="flex flex-wrap gap-2">
        {opcoes.map((opcao) => (
          <label key={opcao.value} className={OPTION}>
            <input
              type="radio"
              name={name}
              value={opcao.value}
              checked={escolha === opcao.value}
              onChange={() => onEscolha(opcao.value)}
              className="sr-only"
            />
            {opcao.label}
          </label>
        ))}
      </div>
      <p
        className={cn(
          'whitespace-pre-line rounded-md border border-border bg-muted/50 p-3 text-sm wrap-anywhere',
          mensagem ? 'text-foreground' : 'text-muted-foreground',
        )}
        aria-live="polite"
        data-testid="whatsapp-mensagem"
      >
        {mensagem ?? 'O WhatsApp abre sem texto: você escreve a mensagem lá.'}
      </p>
    </fieldset>
  );
}
