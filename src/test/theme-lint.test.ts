/**
 * The theme has one reader of the system's colour scheme (src/ui/theme/use-theme.ts): eslint.config.js
 * (THEME_QUERY) refuses a `prefers-color-scheme` query anywhere else in product code.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../../', import.meta.url).pathname });
const SECOND_READER = "export const dark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;\n";

/** The rule's errors for `code` linted as if it were the file at `filePath` (an existing one; its own text is not read). */
async function themeErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.message.includes('colour scheme is read in one place')).map((m) => m.message);
}

describe('one reader of the system colour scheme (lint)', () => {
  it('refuses a prefers-color-scheme query in a view, a store or a template string', async () => {
    expect(await themeErrors('src/ui/common/Icon.tsx', SECOND_READER)).toHaveLength(1);
    expect(await themeErrors('src/state/index.ts', SECOND_READER)).toHaveLength(1);
    const template = 'const scheme = "dark";\nexport const q = `(prefers-color-scheme: ${scheme})`;\n';
    expect(await themeErrors('src/ui/palette/CommandPalette.tsx', template)).toHaveLength(1);
  });

  it('lets the theme itself read it', async () => {
    expect(await themeErrors('src/ui/theme/use-theme.ts', SECOND_READER)).toEqual([]);
  });
});
