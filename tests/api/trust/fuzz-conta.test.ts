import { fuzzGroup } from './fuzz/harness';

await fuzzGroup('conta');
