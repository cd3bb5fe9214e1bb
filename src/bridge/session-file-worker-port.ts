import type { FromSessionWorker, SessionWorkerPort, ToSessionWorker } from './session-file-protocol.ts';

/** One worker per open or save, ended when it is done. Tests pass a MessagePort-backed one instead. */
export interface SessionWorker extends SessionWorkerPort<FromSessionWorker, ToSessionWorker> {
  addEventListener(type: 'message', listener: (event: MessageEvent<FromSessionWorker>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

export const spawnSessionWorker = (): SessionWorker =>
  new Worker(new URL('./session-file.worker.ts', import.meta.url), { type: 'module', name: 'mcp-lens-session-file' });
