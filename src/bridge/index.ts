export type { EngineClient, EngineClientOptions, EventListener, Scheduler } from './engine-client.ts';
export { cancelledError, createEngineClient, frameScheduler } from './engine-client.ts';
export { readSessionFile } from './session-file-reader.ts';
export { writeSessionFile } from './session-file-writer.ts';
