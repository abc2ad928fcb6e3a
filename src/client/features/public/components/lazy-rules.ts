import { NetworkError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { Check } from '../hooks/use-sign-up-form';
import type * as PublicRules from './public-rules';

type Rules = typeof PublicRules;

let loading: Promise<Rules> | undefined;

/**
 * The forms' rules (zod and the shared schemas, about a quarter of the page's JavaScript) load when the visitor
 * first touches a form or sends it, not with the page.
 */
function loadRules(): Promise<Rules> {
  loading ??= import('./public-rules').catch((error: unknown) => {
    loading = undefined; // a failed download is tried again at the next check
    throw error;
  });
  return loading;
}

/** Starts the download early (the form's first focus), so the first check does not wait for it. */
export function preloadRules(): void {
  loadRules().catch(() => {});
}

/** Checks with the named rules once they have loaded; the form is not sent while they cannot load. */
export function lazyCheck<TInput, TOutput>(pick: (rules: Rules) => Check<TInput, TOutput>): Check<TInput, TOutput> {
  return async (values) => {
    let rules: Rules;
    try {
      rules = await loadRules();
    } catch {
      toast({ variant: 'destructive', title: new NetworkError().message });
      return { ok: false, errors: {} };
    }
    return pick(rules)(values);
  };
}
