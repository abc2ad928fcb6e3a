// `npm install`'s `prepare` step (issue 40, ADR 100): makes the embedded database's prepared cluster -- PGlite's
// initdb and every migration, done once here instead of at a newcomer's first `npm start` -- in
// node_modules/.cache. Quiet when there is nothing to do, and never fails the install: without tsx (an install
// without the development packages) or on any error, the first start builds the cluster itself, as it always could.
try {
  const { tsImport } = await import('tsx/esm/api');
  const { prepareBase } = await tsImport('../src/server/db/pglite.ts', import.meta.url);
  const started = performance.now();
  if (await prepareBase()) {
    console.log(`embedded database prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') {
    console.log(`the embedded database was not prepared (${error?.message ?? error}); the first start will make it`);
  }
}
