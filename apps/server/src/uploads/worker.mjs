// A parser worker's first file: the server runs from its TypeScript sources, so the worker loads its tasks through
// tsx, whichever way the server itself was started (tsx, or Vitest in the tests).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
