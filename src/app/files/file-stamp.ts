import { fileNamePart } from '../connection/connection-names.ts';

/** A file-name-safe local timestamp, e.g. 2026-11-30T04-20-00, for files the app offers to save. */
function fileStamp(date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}-${pad(date.getMinutes())}-${pad(date.getSeconds())}`;
}

/**
 * The name of a file the app offers to save: what it is, the connection it came from (so two connections'
 * exports never look alike) and when, e.g. `mcp-lens-log-demo-server-2-2026-11-30T04-20-00.jsonl`.
 */
export function exportFileName(what: string, connection: string, at: Date, extension: string): string {
  return ['mcp-lens', what, fileNamePart(connection), fileStamp(at)].filter(Boolean).join('-') + extension;
}
