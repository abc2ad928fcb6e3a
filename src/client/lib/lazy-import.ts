/**
 * Code downloaded on first need, once (a form's rules: zod is some 24 KB gzipped). A failed download is tried
 * again at the next need; `preload` starts it early (when the visitor starts typing) and never throws.
 */
export function lazyImport<T>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined;
  const get = (): Promise<T> =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    get,
    preload: () => {
      get().catch(() => {});
    },
  };
}
