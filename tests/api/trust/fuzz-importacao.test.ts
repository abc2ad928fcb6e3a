import { fuzzGroup } from './fuzz/harness';

await fuzzGroup('importacao');
