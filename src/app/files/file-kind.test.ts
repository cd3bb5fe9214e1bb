import { describe, expect, it } from 'vitest';
import { fileAccept, fileKindOf, unknownFileError } from './file-kind.ts';
import { FILE_KINDS } from './file-kinds.ts';

const SESSION_HEAD = '{"format":"mcp-lens-session","version":2,"savedAt":"2026-01-02T03:04:05.000Z"';
const REPORT_HEAD = '{\n  "format": "mcp-lens-audit-report",\n  "version": 1';
const COLLECTION_HEAD = '{\n  "format": "mcp-lens-collection",\n  "version": 1';

describe('file kinds', () => {
  it('tells a session file and an audit report apart by their first bytes, whatever the name', () => {
    expect(fileKindOf(FILE_KINDS, 'renamed.json', SESSION_HEAD)?.noun).toBe('a session file');
    expect(fileKindOf(FILE_KINDS, 'renamed.json', REPORT_HEAD)?.noun).toBe('an audit report');
    expect(fileKindOf(FILE_KINDS, 'mcp-lens-collection-demo-2026-12-07T15-00-00.json', COLLECTION_HEAD)?.noun).toBe('a collection');
    // Content decides before the name does.
    expect(fileKindOf(FILE_KINDS, 'report.mcplens.json', REPORT_HEAD)?.noun).toBe('an audit report');
    // What `mcp-lens snapshot` and "Save contract snapshot" write, and a hand-written one without spaces.
    expect(fileKindOf(FILE_KINDS, 'contract.json', '{\n  "format": "mcp-lens-contract",\n  "version": 1')?.noun).toBe(
      'a contract snapshot',
    );
    expect(fileKindOf(FILE_KINDS, 'x.json', '{"format":"mcp-lens-contract"')?.inPlace).toBe(true);
  });

  it("goes by the name's ending when the content says nothing, so a damaged file gets its own kind's error", () => {
    expect(fileKindOf(FILE_KINDS, 'broken.mcplens.json', '{"nope":')?.noun).toBe('a session file');
    expect(fileKindOf(FILE_KINDS, 'BROKEN.MCPLENS-AUDIT.JSON', '')?.noun).toBe('an audit report');
    expect(fileKindOf(FILE_KINDS, 'smoke.collection.json', '[')?.noun).toBe('a collection');
  });

  it('takes no file that is neither, and says what it opens instead', () => {
    expect(fileKindOf(FILE_KINDS, 'notes.txt', 'hello')).toBeUndefined();
    expect(fileKindOf(FILE_KINDS, 'other.json', '{"format":"something-else"}')).toBeUndefined();
    expect(unknownFileError(FILE_KINDS, 'notes.txt')).toBe(
      'notes.txt is not a file MCP Lens opens: open a session file (.mcplens.json), an audit report (.mcplens-audit.json), a contract snapshot (.contract.json) or a collection (.collection.json) that MCP Lens saved.',
    );
  });

  it("offers every kind's ending in the file picker, and JSON for a renamed file", () => {
    expect(fileAccept(FILE_KINDS)).toBe('.mcplens.json,.mcplens-audit.json,.contract.json,.collection.json,.json,application/json');
  });
});
