import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { NetworkError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { lazyImport } from './lazy-import';

/**
 * A react-hook-form resolver whose rules (a zod schema: zod is some 24 KB gzipped) download apart from the
 * screen: the screen shows without waiting for them, `preload` starts the download (call it when the visitor
 * starts typing) and a check before then waits for it. While the rules cannot be downloaded, the form
 * is not sent and the connection message is shown.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
) {
  const rules = lazyImport(load);

  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => {
    let loaded: Resolver<TInput, unknown, TOutput>;
    try {
      loaded = await rules.get();
    } catch {
      const { message } = new NetworkError();
      toast({ variant: 'destructive', title: message });
      return { values: {}, errors: { root: { type: 'network', message } } as FieldErrors<TInput> };
    }
    return loaded(values, context, options);
  };

  return { resolver, preload: rules.preload };
}
