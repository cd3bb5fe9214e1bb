import { describe, expect, it } from 'vitest';
import { stepsScript } from './script-keys.ts';

const press = (
  key: string,
  target: { tagName?: string; role?: string; isContentEditable?: boolean } = { tagName: 'BODY' },
  extra = {},
) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  defaultPrevented: false,
  target: { ...target, getAttribute: (name: string) => (name === 'role' ? (target.role ?? null) : null) },
  ...extra,
});

describe('stepsScript', () => {
  it('steps on →, PageDown and Space from the page', () => {
    expect(['ArrowRight', 'PageDown', ' '].map((key) => stepsScript(press(key)))).toEqual([true, true, true]);
    expect(stepsScript(press('ArrowLeft'))).toBe(false);
  });

  it('leaves keys to what the focus is on: text fields, tabs, a button’s Space, and modified keys', () => {
    expect(stepsScript(press('ArrowRight', { tagName: 'INPUT' }))).toBe(false);
    expect(stepsScript(press(' ', { tagName: 'TEXTAREA' }))).toBe(false);
    expect(stepsScript(press('ArrowRight', { tagName: 'DIV', isContentEditable: true }))).toBe(false);
    expect(stepsScript(press('ArrowRight', { tagName: 'BUTTON', role: 'tab' }))).toBe(false);
    expect(stepsScript(press(' ', { tagName: 'BUTTON' }))).toBe(false);
    expect(stepsScript(press('ArrowRight', { tagName: 'BUTTON' }))).toBe(true);
    expect(stepsScript(press('PageDown', { tagName: 'BODY' }, { ctrlKey: true }))).toBe(false);
    expect(stepsScript(press('PageDown', { tagName: 'BODY' }, { defaultPrevented: true }))).toBe(false);
  });
});
