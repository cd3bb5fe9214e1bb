// Worker threads do not inherit tsx's loader from --import; register it here, then load the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./engine-thread.ts');
