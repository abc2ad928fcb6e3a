import { NetworkError } from '@/lib/api-client';
import { lazyImport } from '@/lib/lazy-import';
import { toast } from '@/lib/toast';
import type { Check } from '../hooks/use-sign-up-form';
import type * as PublicRules from './public-rules';

type Rules = typeof PublicRules;

/**
 * The forms' rules (zod and the shared schemas, about a quarter of the page's JavaScript) load when the visitor
 * first touches a form or sends it, not with the page.
 */
const rules = lazyImport(() => import('./public-rules'));

/** Starts the download early (the form's first focus), so the first check does not wait for it. */
export const preloadRules = rules.preload;

/** Checks with the named rules once they have loaded; the form is not sent while they cannot load. */
export function lazyCheck<TInput, TOutput>(pick: (rules: Rules) => Check<TInput, TOutput>): Check<TInput, TOutput> {
  return async (values) => {
    let loaded: Rules;
    try {
      loaded = await rules.get();
    } catch {
      toast({ variant: 'destructive', title: new NetworkError().message });
      return { ok: false, errors: {} };
    }
    return pick(loaded)(values);
  };
}
