/// <reference lib="webworker" />
/** The session-file worker: reads and writes `.mcplens.json` off the UI thread (session-file-service.ts). */
import type { FromSessionWorker, SessionWorkerPort, ToSessionWorker } from './session-file-protocol.ts';
import { serveSessionFiles } from './session-file-service.ts';

serveSessionFiles(self as unknown as SessionWorkerPort<ToSessionWorker, FromSessionWorker>);
