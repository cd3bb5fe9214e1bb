import { describe, expect, it } from 'vitest';
import { blobKind, downloadName, prettyJsonText, textKind } from './content-kind.ts';

describe('resource content kinds', () => {
  it('classifies text by mime type, then by extension when no type is declared', () => {
    expect(textKind('application/json')).toBe('json');
    expect(textKind('application/vnd.api+json; charset=utf-8')).toBe('json');
    expect(textKind('text/markdown')).toBe('markdown');
    expect(textKind('TEXT/HTML')).toBe('html');
    expect(textKind(undefined, 'file:///a/readme.md')).toBe('markdown');
    expect(textKind('text/plain', 'x.json')).toBe('plain');
  });

  it('shows only allowlisted media inline', () => {
    expect(blobKind('image/png')).toBe('image');
    expect(blobKind('audio/wav')).toBe('audio');
    expect(blobKind('text/html')).toBe('download');
    expect(blobKind('application/octet-stream')).toBe('download');
  });

  it('pretty-prints JSON and reports text that is not JSON', () => {
    expect(prettyJsonText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJsonText('{nope')).toBeUndefined();
  });

  it('derives a harmless download name', () => {
    expect(downloadName('demo://files/sample.bin', 'application/octet-stream')).toBe('sample.bin');
    expect(downloadName('x://a/../..', undefined)).toBe('resource.bin');
    expect(downloadName('demo://a/<evil>name.exe?x', undefined)).toBe('_evil_name.exe');
  });
});
