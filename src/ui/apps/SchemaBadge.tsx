import type { ToolCallOutcome } from '../../shared/model.ts';

/** Pass or fail of structuredContent against the tool's outputSchema, when the engine checked it. */
export function SchemaBadge({ outcome }: { outcome: ToolCallOutcome }) {
  if (!outcome.outputSchemaChecked) return null;
  const failed = (outcome.outputSchemaErrors?.length ?? 0) > 0;
  return (
    <span
      className={`badge ${failed ? 'badge-danger' : 'badge-safe'}`}
      title={failed ? 'structuredContent does not match the tool’s outputSchema' : 'structuredContent matches the tool’s outputSchema'}
    >
      {failed ? '✗ outputSchema: fail' : '✓ outputSchema: pass'}
    </span>
  );
}
