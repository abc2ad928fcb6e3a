import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  WHATSAPP_CAMPOS,
  WHATSAPP_CAMPO_LABELS,
  WHATSAPP_CATEGORIAS,
  WHATSAPP_CATEGORIA_LABELS,
  WHATSAPP_COMPONENTES,
  WHATSAPP_COMPONENTE_LABELS,
  type WhatsappCampo,
  type WhatsappCategoria,
  type WhatsappComponente,
  type WhatsappModeloView,
} from '@shared/schemas/whatsapp-cloud';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useCriarModelo, useEditarModelo } from '../../api/whatsapp-api';
import {
  MODELO_VAZIO,
  type ModeloFormValues,
  modeloPayload,
  modeloValuesFrom,
  proximaVariavel,
  sugerirPosicao,
} from './modelo-form-values';

const rules = lazyResolver<ModeloFormValues, ModeloFormValues>(
  async () => (await import('./whatsapp-rules')).modeloResolver,
);

const CATEGORIAS = WHATSAPP_CATEGORIAS.map((value) => ({ value, label: WHATSAPP_CATEGORIA_LABELS[value] }));
const COMPONENTES = WHATSAPP_COMPONENTES.map((value) => ({ value, label: WHATSAPP_COMPONENTE_LABELS[value] }));
const CAMPOS = WHATSAPP_CAMPOS.map((value) => ({ value, label: WHATSAPP_CAMPO_LABELS[value] }));

/**
 * 'Novo modelo' and 'Editar modelo' (issue 47): a template as WhatsApp Manager approved it (its name, language and
 * category) and each of its variables mapped to a field the product fills: which component, which {{n}}, for a
 * link button its index, and the field.
 */
export function ModeloDialog({
  open,
  modelo,
  onClose,
}: {
  open: boolean;
  /** The template edited; null registers one. */
  modelo: WhatsappModeloView | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{modelo ? `Editar o modelo ${modelo.nome}` : 'Novo modelo de WhatsApp'}</DialogTitle>
          <DialogDescription>
            Use o nome, o idioma e a categoria exatamente como o modelo foi aprovado no WhatsApp Manager e diga com que
            campo cada variável é preenchida.
          </DialogDescription>
        </DialogHeader>
        {open ? <ModeloForm key={modelo?.id ?? 'novo'} modelo={modelo} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ModeloForm({ modelo, onDone }: { modelo: WhatsappModeloView | null; onDone: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ModeloFormValues>({
    resolver: rules.resolver,
    defaultValues: modelo ? modeloValuesFrom(modelo) : MODELO_VAZIO,
  });
  const variaveis = useFieldArray({ control, name: 'variaveis' });
  const atuais = useWatch({ control, name: 'variaveis' });
  const avisos = {
    onSuccess: () => {
      toast({ variant: 'success', title: modelo ? 'Modelo alterado' : 'Modelo cadastrado' });
      onDone();
    },
    onError: (error: Error) =>
      toast({
        variant: 'destructive',
        title: 'Não foi possível salvar o modelo',
        description: errorMessage(error, 'Tente novamente.'),
      }),
  };
  const criar = useCriarModelo(avisos);
  const editar = useEditarModelo(avisos);
  const submit = handleSubmit(
    submitShowingFieldErrors(
      (values: ModeloFormValues) =>
        modelo
          ? editar.mutateAsync({ id: modelo.id, ...modeloPayload(values) })
          : criar.mutateAsync(modeloPayload(values)),
      setError,
      { focus: true },
    ),
  );
  const erroDaLista = errors.variaveis?.root?.message ?? errors.variaveis?.message;

  return (
    <form noValidate onSubmit={submit} onInput={rules.preload} className="grid min-w-0 gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="modelo-nome"
          label="Nome do modelo"
          className="sm:col-span-2"
          autoComplete="off"
          spellCheck={false}
          placeholder="confirmacao_inscricao"
          hint="Letras minúsculas, números e _, como no WhatsApp Manager."
          error={errors.nome?.message}
          {...register('nome')}
        />
        <TextField
          id="modelo-idioma"
          label="Idioma"
          autoComplete="off"
          spellCheck={false}
          placeholder="pt_BR"
          error={errors.idioma?.message}
          {...register('idioma')}
        />
        <Controller
          control={control}
          name="categoria"
          render={({ field, fieldState }) => (
            <SelectField<WhatsappCategoria>
              id="modelo-categoria"
              label="Categoria"
              options={CATEGORIAS}
              value={field.value || undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              triggerRef={field.ref}
              placeholder="Escolha a categoria"
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      <fieldset className="grid min-w-0 gap-3" aria-describedby={erroDaLista ? 'modelo-variaveis-erro' : undefined}>
        <legend className="mb-1 text-sm font-medium">Variáveis</legend>
        {variaveis.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nenhuma variável: o modelo é enviado como foi aprovado, sem nada a preencher.
          </p>
        ) : null}
        {variaveis.fields.map((item, index) => {
          const componente = atuais[index]?.componente ?? item.componente;
          const erros = errors.variaveis?.[index];
          const prefixo = `modelo-variavel-${index}`;
          return (
            <fieldset key={item.id} className="grid min-w-0 gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium">Variável {index + 1}</legend>
              <Controller
                control={control}
                name={`variaveis.${index}.componente`}
                render={({ field, fieldState }) => (
                  <SelectField<WhatsappComponente>
                    id={`${prefixo}-componente`}
                    label="Componente"
                    options={COMPONENTES}
                    value={field.value}
                    onChange={(novo) => {
                      field.onChange(novo);
                      // A header's and a link button's variable is their {{1}}; a body's, the next of the body.
                      const outras = atuais.filter((_, i) => i !== index);
                      const sugestao = sugerirPosicao(novo, outras);
                      setValue(`variaveis.${index}.posicao`, sugestao.posicao);
                      setValue(`variaveis.${index}.botao`, sugestao.botao);
                    }}
                    onBlur={field.onBlur}
                    triggerRef={field.ref}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <TextField
                id={`${prefixo}-posicao`}
                label="Posição ({{n}})"
                inputMode="numeric"
                autoComplete="off"
                error={erros?.posicao?.message}
                {...register(`variaveis.${index}.posicao`)}
              />
              {componente === 'button' ? (
                <TextField
                  id={`${prefixo}-botao`}
                  label="Botão (nº, a partir de 0)"
                  hint={`No WhatsApp Manager, a URL do botão é ${window.location.origin}/{{1}}: o sistema envia o resto do link.`}
                  inputMode="numeric"
                  autoComplete="off"
                  error={erros?.botao?.message}
                  {...register(`variaveis.${index}.botao`)}
                />
              ) : null}
              <Controller
                control={control}
                name={`variaveis.${index}.campo`}
                render={({ field, fieldState }) => (
                  <SelectField<WhatsappCampo>
                    id={`${prefixo}-campo`}
                    label="Campo"
                    options={CAMPOS}
                    value={field.value || undefined}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    triggerRef={field.ref}
                    placeholder="Escolha o campo"
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Button
                type="button"
                variant="ghost"
                className="w-fit text-destructive sm:col-span-2"
                onClick={() => variaveis.remove(index)}
              >
                <Trash2 aria-hidden="true" />
                Remover variável {index + 1}
              </Button>
            </fieldset>
          );
        })}
        <FormMessage id="modelo-variaveis-erro">{erroDaLista}</FormMessage>
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          onClick={() => variaveis.append(proximaVariavel(atuais))}
        >
          <Plus aria-hidden="true" />
          Adicionar variável
        </Button>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={isSubmitting} pendingLabel="Salvando...">
          {modelo ? 'Salvar alterações' : 'Cadastrar modelo'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
