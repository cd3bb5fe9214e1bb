/**
 * Every kind of file MCP Lens opens, one line each; each kind lives in its feature's folder (file-kind.ts
 * says what a kind is). The workspace opens a file through this list and names no kind itself.
 */
import { auditReportKind } from '../audit/audit-report-kind.ts';
import { contractSnapshotKind } from '../contracts/contract-kind.ts';
import { collectionFileKind } from '../collections/collection-file-kind.ts';
import { fileAccept, type FileKind } from './file-kind.ts';
import { sessionFileKind } from '../session-file/session-file-kind.ts';

export const FILE_KINDS: readonly FileKind[] = [sessionFileKind, auditReportKind, contractSnapshotKind, collectionFileKind];

/** The file picker's `accept` for these kinds. */
export const FILE_ACCEPT = fileAccept(FILE_KINDS);
