/**
 * Whether a tool's inputSchema and outputSchema are JSON Schema a client can use: an object, valid against
 * its dialect's meta-schema, and compilable with the Ajv the engine checks results with (output-check.ts),
 * so "valid" here means the same as when the Tools tab checks a result. A `$ref` to another document is
 * never fetched (the spec forbids clients to); one that cannot resolve without the network is a warning.
 */
import { describeError, isRecord, plural } from '../../../shared/read.ts';
import type { ProtocolEra } from '../../../shared/model.ts';
import { profileOf } from '../../../shared/era-profile.ts';
import { ajvFor } from '../../features/output-check.ts';
import { fail, note, quote, warn, type Finding } from './findings.ts';

/** The dialects Ajv checks here, as `$schema` names them. */
const DIALECT = /^https?:\/\/json-schema\.org\/(?:(draft-0[467])\/schema|draft\/(2019-09|2020-12)\/schema)#?$/;

/**
 * MCP lets a schema name its dialect and requires implementations to support only 2020-12 (and recommends
 * it): another json-schema.org dialect is allowed, worth a note since clients may not support it; a `$schema`
 * that names no dialect at all cannot be honoured, which is a warning.
 */
function dialectFindings(declared: unknown, what: string): Finding[] {
  if (declared === undefined) return [];
  const match = typeof declared === 'string' ? DIALECT.exec(declared) : null;
  if (!match)
    return [warn(`${what} declares $schema ${quote(declared, 60)}, which names no JSON Schema dialect; it was checked as 2020-12.`)];
  const dialect = match[1] ?? match[2];
  if (dialect === '2020-12') return [];
  const checkedAs = dialect === 'draft-04' || dialect === 'draft-06' ? ' (checked as draft-07)' : '';
  return [note(`${what} declares JSON Schema ${dialect}${checkedAs}; MCP requires clients to support only 2020-12.`)];
}

/** Findings about one schema; `what` names it in sentences ("inputSchema of \"echo\""). */
export function judgeSchema(schema: unknown, what: string, role: 'input' | 'output', era: ProtocolEra): Finding[] {
  if (schema === undefined) return role === 'input' ? [fail(`${what} is missing; every tool must have one.`)] : [];
  // 2026-07-28 lets an outputSchema be any JSON Schema, a boolean schema included; 2025-11-25 wants an object.
  if (typeof schema === 'boolean' && role === 'output' && profileOf(era).outputSchema === 'any') return [];
  if (!isRecord(schema)) return [fail(`${what} is ${quote(schema, 40)}, not a JSON Schema object.`)];
  const findings: Finding[] = [];
  if (role === 'input' && schema.type !== 'object')
    findings.push(
      fail(`${what} has type ${quote(schema.type ?? null, 30)} at its root; a tool's arguments are an object ("type": "object").`),
    );
  if (role === 'output' && profileOf(era).outputSchema === 'object' && schema.type !== 'object')
    findings.push(fail(`${what} has type ${quote(schema.type ?? null, 30)} at its root; MCP 2025-11-25 wants "type": "object".`));
  findings.push(...dialectFindings(schema.$schema, what));
  // A schema its meta-schema refuses would only fail to compile for the same reason: one finding is enough.
  const meta = metaSchemaFindings(schema, what);
  findings.push(...meta, ...(meta.length > 0 ? [] : compileFindings(schema, what)));
  return findings;
}

function metaSchemaFindings(schema: Record<string, unknown>, what: string): Finding[] {
  const ajv = ajvFor(schema);
  // Ajv checks against its own dialect's meta-schema; an unknown $schema would only fail the lookup.
  const { $schema: _declared, ...rest } = schema;
  let valid: boolean;
  try {
    valid = ajv.validateSchema(rest) as boolean;
  } catch (error) {
    return [fail(`${what} could not be checked against its meta-schema: ${describeError(error)}.`)];
  }
  if (valid) return [];
  // Ajv explains one mistake several ways (each branch of the meta-schema's anyOf); the first is the plainest.
  const [first, ...others] = ajv.errors ?? [];
  const problem = first ? `${first.instancePath || '(root)'} ${first.message ?? 'is invalid'}` : 'its meta-schema refuses it';
  const more = others.length > 0 ? ` (Ajv reports ${plural(others.length, 'more line')} about it)` : '';
  return [fail(`${what} is not valid JSON Schema: ${problem}${more}.`)];
}

function compileFindings(schema: Record<string, unknown>, what: string): Finding[] {
  const ajv = ajvFor(schema);
  const { $schema: _declared, ...rest } = schema;
  try {
    ajv.compile(rest);
    return [];
  } catch (error) {
    const missingRef = (error as { missingRef?: unknown }).missingRef;
    if (typeof missingRef === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(missingRef) && !missingRef.startsWith('#'))
      return [
        warn(
          `${what} refers to ${quote(missingRef, 80)}, another document; clients must not fetch it, so they cannot use the schema whole.`,
        ),
      ];
    return [fail(`${what} does not compile: ${quote(describeError(error), 160)}.`)];
  } finally {
    // The compiled schema is not kept: Ajv caches by identity, and the audit has no use for the validator.
    ajv.removeSchema(rest);
  }
}

/** Every tool's schemas; `tools` as the listing sent them. */
export function judgeToolSchemas(tools: readonly unknown[], era: ProtocolEra): { findings: Finding[]; checked: number } {
  const findings: Finding[] = [];
  let checked = 0;
  tools.forEach((tool, index) => {
    if (!isRecord(tool)) return;
    const name = typeof tool.name === 'string' ? quote(tool.name, 40) : `#${index + 1}`;
    findings.push(...judgeSchema(tool.inputSchema, `the inputSchema of ${name}`, 'input', era));
    findings.push(...judgeSchema(tool.outputSchema, `the outputSchema of ${name}`, 'output', era));
    checked += 1 + (tool.outputSchema === undefined ? 0 : 1);
  });
  return { findings, checked };
}
