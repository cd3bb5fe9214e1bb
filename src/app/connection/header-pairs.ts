import type { HeaderPair } from '../../shared/model.ts';

// RFC 9110 token characters.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const isBlank = (header: HeaderPair) => header.name.trim() === '' && header.value === '';

/**
 * Rows the user left empty are ignored rather than reported, and a header without a value is not sent: a
 * saved server keeps some header names without their values, and `X-Api-Key: ` helps no one.
 */
export function usableHeaders(headers: readonly HeaderPair[]): HeaderPair[] {
  return headers
    .filter((header) => !isBlank(header) && header.value.trim() !== '')
    .map((header) => ({ name: header.name.trim(), value: header.value }));
}

/** One message per problem row, phrased as what to fix. Index is the row's position in `headers`. */
export function headerProblems(headers: readonly HeaderPair[]): Array<{ index: number; reason: string }> {
  const problems: Array<{ index: number; reason: string }> = [];
  headers.forEach((header, index) => {
    if (isBlank(header)) return;
    const name = header.name.trim();
    if (name === '') problems.push({ index, reason: 'Give this header a name, or remove the row.' });
    else if (!TOKEN.test(name)) problems.push({ index, reason: `“${name}” is not a valid header name (letters, digits and - only).` });
    else if (/[\r\n\0]/.test(header.value)) problems.push({ index, reason: `The value of ${name} contains a line break.` });
  });
  return problems;
}
