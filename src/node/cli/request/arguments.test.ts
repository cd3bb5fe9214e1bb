import { describe, expect, it } from 'vitest';

import { parseCommandLine, UsageError } from '../../command/framework.ts';
import { arg, format, jsonObject } from '../../command/options.ts';
import { argumentProblems, promptArguments, toolArguments } from './arguments.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    text: { type: 'string' },
    count: { type: 'integer', maximum: 5 },
    ratio: { type: 'number' },
    loud: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    where: { type: 'object' },
    maybe: { type: ['integer', 'null'] },
    either: { type: ['number', 'string'] },
    anything: {},
  },
  required: ['text'],
};

const given = (...pairs: string[]) =>
  pairs.map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), raw: pair.slice(pair.indexOf('=') + 1) }));

describe('--arg values typed by the inputSchema', () => {
  it('reads each value as its property says, over --args', () => {
    const args = toolArguments(
      SCHEMA,
      { text: 'from --args', count: 1 },
      given('count=3', 'ratio=0.5', 'loud=false', 'tags=["a","b"]', 'where={"x":1}', 'maybe=null', 'either=7', 'anything=true', 'extra=12'),
    );
    expect(args).toEqual({
      text: 'from --args',
      count: 3,
      ratio: 0.5,
      loud: false,
      tags: ['a', 'b'],
      where: { x: 1 },
      maybe: null,
      either: 7,
      anything: true,
      extra: 12,
    });
  });

  it('keeps text as text where the schema says string, or where a typeless value is not JSON', () => {
    expect(toolArguments(SCHEMA, undefined, given('text=42', 'either=abc', 'anything=plain words'))).toEqual({
      text: '42',
      either: 'abc',
      anything: 'plain words',
    });
  });

  it('refuses a value its type cannot read, naming the type', () => {
    for (const [pair, words] of [
      ['count=three', 'a whole number'],
      ['loud=yes', 'true or false'],
      ['tags={"a":1}', 'a JSON array'],
      ['where=[1]', 'a JSON object'],
      ['maybe=', 'a whole number, e.g. 3, or null'],
    ] as const)
      expect(() => toolArguments(SCHEMA, undefined, given(pair))).toThrow(new RegExp(`is ${words.replace(/[.,()[\]]/g, '\\$&')}`));
  });

  it('checks the whole against the schema with its own error words', () => {
    expect(argumentProblems(SCHEMA, { count: 9 })).toEqual(
      expect.arrayContaining(["(arguments) must have required property 'text'", '/count must be <= 5']),
    );
    expect(argumentProblems(SCHEMA, { text: 'ok' })).toEqual([]);
  });
});

describe('prompt arguments', () => {
  const prompt = {
    name: 'review',
    icons: [],
    arguments: [
      { name: 'code', required: true },
      { name: 'style', required: false },
    ],
  };

  it('are strings by name, --arg over --args', () => {
    expect(promptArguments(prompt, { code: 'x', style: 'a' }, given('style=b'))).toEqual({ code: 'x', style: 'b' });
  });

  it('refuse a name the prompt does not declare, a missing required one, and a value that is not text', () => {
    expect(() => promptArguments(prompt, undefined, given('code=x', 'colour=red'))).toThrow(
      'no argument named colour; it takes code, style',
    );
    expect(() => promptArguments(prompt, undefined, given('style=b'))).toThrow('give --arg code=… (required)');
    expect(() => promptArguments(prompt, { code: 3 }, [])).toThrow(UsageError);
  });
});

describe('the options', () => {
  const options = { arg: arg('a'), args: jsonObject('--args', 'b'), format };

  it('read --arg name=value (a later one of the same name wins, "=" in the value kept), --args, --format', () => {
    const { values } = parseCommandLine(options, [
      '--arg',
      'q=a=b',
      '--arg',
      'n=1',
      '--arg',
      'n=2',
      '--args',
      '{"x": 1}',
      '--format',
      'text',
    ]);
    expect(values).toEqual({
      arg: [
        { name: 'q', raw: 'a=b' },
        { name: 'n', raw: '2' },
      ],
      args: { x: 1 },
      format: 'text',
    });
  });

  it('refuse what they cannot read', () => {
    for (const argv of [['--arg', 'novalue'], ['--arg', '=x'], ['--args', '[1]'], ['--args', '{nope'], ['--args'], ['--format', 'yaml']])
      expect(() => parseCommandLine(options, argv), argv.join(' ')).toThrow(UsageError);
  });
});
