import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';
import { formatDateTime } from '@shared/format';
import {
  WHATSAPP_MESSAGES,
  WHATSAPP_MODELOS_PADRAO,
  WHATSAPP_PLACEHOLDERS,
  WHATSAPP_TEXTO_MAX,
  type WhatsappModelo,
  type WhatsappModeloBody,
  preencherMensagem,
  whatsappModeloBodySchema,
} from '@shared/schemas/whatsapp';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorMessage } from '@/lib/api-client';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useSalvarWhatsappModelo, useWhatsappModelos } from '../../api/whatsapp-modelos';

/** The made-up family the preview fills each text with: no real family's data is shown to write a template. */
const EXEMPLO = { nome: 'Ana', aluno: 'Pedro', evento: 'Colégio Exemplo', data: '14/03/2026' };

/**
 * Mensagens de WhatsApp (issue 51, ADR 091): the franqueador's texts for the lead panel's WhatsApp button, one card
 * per template, each with its placeholders, a live preview and 'Restaurar texto padrão'.
 */
export function MensagensWhatsappScreen() {
  const modelos = useWhatsappModelos();
  return (
    <div className="grid gap-4">
      <Card>
        <section aria-labelledby="whatsapp-campos" className="grid gap-2 p-4 sm:p-6">
          <h2 id="whatsapp-campos" className="text-lg font-semibold">
            Campos que a mensagem preenche
          </h2>
          <p className="text-sm text-muted-foreground">
            Escreva os campos entre chaves: o botão de WhatsApp do acompanhamento do lead troca cada um pelos dados da
            família. Outros campos não são aceitos.
          </p>
          <dl className="grid gap-1 text-sm sm:grid-cols-2">
            {Object.entries(WHATSAPP_PLACEHOLDERS).map(([campo, descricao]) => (
              <div key={campo} className="flex flex-wrap gap-2">
                <dt>
                  <code className="rounded bg-muted px-1.5 py-0.5 font-mono">{`{${campo}}`}</code>
                </dt>
                <dd className="text-muted-foreground">{descricao}</dd>
              </div>
            ))}
          </dl>
        </section>
      </Card>
      {modelos.isPending ? (
        <div role="status" aria-label="Carregando os modelos" className="grid gap-4">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : modelos.isError ? (
        <div className="grid justify-items-start gap-3">
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(modelos.error, WHATSAPP_MESSAGES.falhaAoCarregar)}
          </p>
          <Button variant="outline" onClick={() => void modelos.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : (
        // A list of the network's templates: read out as one, with how many there are.
        <ul className="grid gap-4" aria-label="Modelos de mensagem">
          {modelos.data.map((modelo) => (
            <li key={`${modelo.chave}-${modelo.atualizadoEm}`}>
              <ModeloCard modelo={modelo} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ModeloCard({ modelo }: { modelo: WhatsappModelo }) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isDirty },
  } = useForm<WhatsappModeloBody>({
    resolver: zodResolver(whatsappModeloBodySchema),
    defaultValues: { texto: modelo.texto },
  });
  const salvar = useSalvarWhatsappModelo({
    onSuccess: () => toast({ variant: 'success', title: WHATSAPP_MESSAGES.salvo }),
    onError: (error) =>
      toast({ variant: 'destructive', title: errorMessage(error, 'Erro ao salvar o modelo de mensagem') }),
  });
  const submit = handleSubmit(
    submitShowingFieldErrors(
      ({ texto }: WhatsappModeloBody) => salvar.mutateAsync({ chave: modelo.chave, texto }),
      setError,
      { fields: ['texto'], focus: true },
    ),
  );
  const texto = useWatch({ control, name: 'texto' }) ?? '';
  const padrao = WHATSAPP_MODELOS_PADRAO[modelo.chave].texto;
  const id = `whatsapp-${modelo.chave}`;
  return (
    <Card>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-titulo`} className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`${id}-titulo`} className="text-lg font-semibold">
            {modelo.titulo}
          </h2>
          {modelo.padrao ? (
            <Badge variant="secondary">Texto padrão</Badge>
          ) : (
            <Badge variant="success">
              Personalizado
              {modelo.atualizadoEm
                ? ` em ${formatDateTime(modelo.atualizadoEm, { withTime: true, timeZone: BRASILIA_TIME_ZONE })}`
                : ''}
            </Badge>
          )}
        </div>
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <TextareaField
            id={id}
            label="Texto da mensagem"
            rows={6}
            maxLength={WHATSAPP_TEXTO_MAX}
            hint={`${texto.length} de ${WHATSAPP_TEXTO_MAX} caracteres`}
            error={errors.texto?.message}
            {...register('texto')}
          />
          <div className="grid gap-2">
            <p className="text-sm font-medium" id={`${id}-previa`}>
              Prévia (família de exemplo)
            </p>
            <p
              aria-labelledby={`${id}-previa`}
              className="whitespace-pre-line rounded-md border border-border bg-muted/50 p-3 text-sm wrap-anywhere"
            >
              {preencherMensagem(texto, EXEMPLO)}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={salvar.isPending} pendingLabel="Salvando..." disabled={!isDirty}>
            Salvar
          </SubmitButton>
          <Button
            type="button"
            variant="outline"
            disabled={texto === padrao}
            onClick={() => setValue('texto', padrao, { shouldDirty: true, shouldValidate: true })}
          >
            Restaurar texto padrão
          </Button>
        </div>
      </form>
    </Card>
  );
}
