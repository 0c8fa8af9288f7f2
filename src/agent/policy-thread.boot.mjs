// A worker thread starts as plain Node: register tsx first, then run the TypeScript body.
import { register } from 'tsx/esm/api';

register();
await import('./policy-thread.ts');
