// The parser's worker when the server runs from its TypeScript source (tests,
// `npm run dev`): a worker thread runs .ts only once tsx's loader is
// registered in it (`--import tsx` in execArgv is not applied to a worker's
// entry on Node 20). The bundle runs dist/mail-parser-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
