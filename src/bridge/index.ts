export type { EngineClient } from './engine-client.ts';
export { createEngineClient } from './engine-client.ts';
export { readSessionFile } from './session-file-reader.ts';
export { writeSessionFile } from './session-file-writer.ts';
