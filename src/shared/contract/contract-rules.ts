/**
 * The contract rules: every kind of change `diffContracts` reports, with its severity and when it applies.
 * docs/contracts.md prints this table and contract-rules.test.ts checks the two agree row for row, with one
 * fixture pair per rule. Direction decides severity: an input schema is what clients send (narrowing it
 * breaks them), an output schema is what they read (widening it breaks them).
 */

/** How a change lands on the server's existing clients. `info` is shown only when asked for (`--all`). */
export type Severity = 'breaking' | 'risky' | 'safe' | 'info';

export const SEVERITIES: readonly Severity[] = ['breaking', 'risky', 'safe', 'info'];

interface RuleSpec {
  severity: Severity;
  /** When the rule applies, in one line (the docs table's "When" column). */
  when: string;
}

export const CONTRACT_RULES = {
  'tool-removed': { severity: 'breaking', when: 'a tool is no longer listed' },
  'tool-added': { severity: 'safe', when: 'a new tool is listed' },
  'prompt-removed': { severity: 'breaking', when: 'a prompt is no longer listed' },
  'prompt-added': { severity: 'safe', when: 'a new prompt is listed' },
  'resource-removed': { severity: 'breaking', when: 'a resource (by URI) is no longer listed' },
  'resource-added': { severity: 'safe', when: 'a new resource is listed' },
  'template-removed': { severity: 'breaking', when: 'a resource template is no longer listed' },
  'template-added': { severity: 'safe', when: 'a new resource template is listed' },
  'possibly-renamed': {
    severity: 'risky',
    when: 'a removed item has an added twin (same input schema, same arguments, or same name): reported beside the removal',
  },
  'description-changed': { severity: 'info', when: 'a title, description or name for people changed' },
  'tool-no-longer-read-only': { severity: 'breaking', when: 'a tool loses `readOnlyHint: true`' },
  'tool-now-destructive': {
    severity: 'breaking',
    when: 'a tool that was not destructive may now be (`destructiveHint` false to true or unset)',
  },
  'tool-no-longer-idempotent': { severity: 'risky', when: 'a tool loses `idempotentHint: true`' },
  'tool-now-open-world': { severity: 'risky', when: 'a tool gains `openWorldHint` (false to true or unset)' },
  'annotations-safer': {
    severity: 'safe',
    when: 'a hint moves the safe way (becomes read-only, not destructive, idempotent, closed-world)',
  },
  'task-support-narrowed': {
    severity: 'breaking',
    when: '`execution.taskSupport` becomes `required`, or `forbidden` where tasks were allowed',
  },
  'task-support-widened': { severity: 'safe', when: '`execution.taskSupport` allows what it did not (`optional` from either end)' },
  'prompt-argument-required-added': { severity: 'breaking', when: 'a prompt gains a required argument, or an argument becomes required' },
  'prompt-argument-optional-added': { severity: 'safe', when: 'a prompt gains an optional argument' },
  'prompt-argument-removed': { severity: 'risky', when: 'a prompt argument is gone: what clients send for it is ignored or refused' },
  'prompt-argument-now-optional': { severity: 'safe', when: 'a required prompt argument becomes optional' },
  'mime-type-changed': { severity: 'risky', when: "a resource's or template's `mimeType` changed" },
  'input-required-added': { severity: 'breaking', when: 'input: a new required property, or a property becomes required' },
  'input-optional-added': { severity: 'safe', when: 'input: a new optional property' },
  'input-required-removed': { severity: 'safe', when: 'input: a required property becomes optional' },
  'input-property-removed-closed': { severity: 'breaking', when: 'input: a property is removed and `additionalProperties` is false' },
  'input-property-removed': { severity: 'risky', when: 'input: a property is removed and other properties are allowed (it is ignored)' },
  'input-type-narrowed': {
    severity: 'breaking',
    when: 'input: a type is no longer accepted (`type` lost a member, or was set where any was)',
  },
  'input-type-widened': { severity: 'safe', when: 'input: a type is accepted that was not' },
  'input-enum-narrowed': { severity: 'breaking', when: 'input: an `enum` (or `const`) value is no longer accepted, or an enum was set' },
  'input-enum-widened': { severity: 'safe', when: 'input: an `enum` value is accepted that was not, or the enum was dropped' },
  'input-constraint-tightened': {
    severity: 'breaking',
    when: 'input: a bound is stricter: minimum, maximum, exclusive bounds, min/max length, items, properties, `multipleOf`, `uniqueItems`, a `format` or `pattern` set',
  },
  'input-constraint-loosened': { severity: 'safe', when: 'input: a bound is looser or dropped' },
  'input-closed': { severity: 'breaking', when: 'input: `additionalProperties` becomes false' },
  'input-opened': { severity: 'safe', when: 'input: `additionalProperties: false` is dropped' },
  'input-default-changed': { severity: 'risky', when: "input: a property's `default` changed, was set or was dropped" },
  'input-variant-removed': { severity: 'breaking', when: 'input: an `anyOf`/`oneOf` branch is gone' },
  'input-variant-added': { severity: 'safe', when: 'input: an `anyOf`/`oneOf` branch is added' },
  'output-schema-removed': { severity: 'breaking', when: 'a tool no longer declares an `outputSchema`' },
  'output-schema-added': { severity: 'safe', when: 'a tool declares an `outputSchema` it did not' },
  'output-property-removed': { severity: 'breaking', when: 'output: a property is removed' },
  'output-required-removed': { severity: 'breaking', when: 'output: a required property becomes optional' },
  'output-property-added': { severity: 'safe', when: 'output: a new property' },
  'output-required-added': { severity: 'safe', when: 'output: an optional property becomes required' },
  'output-type-widened': { severity: 'breaking', when: 'output: a type may come back that could not' },
  'output-type-narrowed': { severity: 'safe', when: 'output: a type no longer comes back' },
  'output-enum-widened': { severity: 'risky', when: 'output: an `enum` value may come back that could not' },
  'output-enum-narrowed': { severity: 'safe', when: 'output: an `enum` value no longer comes back' },
  'output-constraint-loosened': {
    severity: 'risky',
    when: 'output: a bound is looser or dropped, or `additionalProperties: false` is dropped',
  },
  'output-constraint-tightened': { severity: 'safe', when: 'output: a bound is stricter' },
  'output-variant-added': { severity: 'risky', when: 'output: an `anyOf`/`oneOf` branch is added' },
  'output-variant-removed': { severity: 'safe', when: 'output: an `anyOf`/`oneOf` branch is gone' },
  'pattern-changed': { severity: 'risky', when: 'a `pattern` was replaced by another: which values still match cannot be known' },
  'schema-not-compared': {
    severity: 'risky',
    when: 'part of a schema could not be compared: a `$ref` outside the schema or to nothing, or nesting past the depth bound',
  },
} as const satisfies Record<string, RuleSpec>;

export type RuleId = keyof typeof CONTRACT_RULES;

/** One change between two snapshots: its rule, how it lands, where it is, and one sentence for a person. */
export interface ContractChange {
  severity: Severity;
  rule: RuleId;
  /** A JSON Pointer into the new snapshot, or into the old one for what was removed. */
  pointer: string;
  sentence: string;
}
