import { describe, expect, it } from 'vitest';
import { wideSchema } from '../../test/servers/hostile/schema-scenarios.ts';
import { checkArgumentsOffThread } from './schema-check-client.ts';
import { chooseValidator } from './validators.ts';

describe('the JSON editor schema check', () => {
  it('compiles a schema once: the same schema object gets the same prepared schema, so Ajv finds its compiled one', () => {
    const schema = wideSchema(50);
    const first = chooseValidator(schema);
    expect(chooseValidator(schema)).toBe(first);
    expect(chooseValidator(wideSchema(50))).not.toBe(first);
  });

  it('checks on the page where no worker can start, and says what does not match', async () => {
    expect(typeof Worker).toBe('undefined');
    const check = await checkArgumentsOffThread(wideSchema(50), { p1: 1 });
    expect(check).toMatchObject({ checked: true, problems: ["(arguments) must have required property 'p0'", '/p1 must be string'] });
  });
});
