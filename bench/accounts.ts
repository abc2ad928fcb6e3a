/** Every account npm run bench:data makes signs in with this password. */
export const BENCH_PASSWORD = 'bench1234';
