import { describe, expect, it } from 'vitest';
import type { RJSFValidationError } from '@rjsf/utils';
import { errorFieldId, humanMessage, visibleErrors } from './form-errors.ts';

const error = (name: string, params: Record<string, unknown>, property = '.message', message = 'ajv text'): RJSFValidationError => ({
  name,
  params,
  property,
  message,
  stack: `${property} ${message}`,
});

describe('form errors in plain words', () => {
  it('says what a person would say instead of Ajv’s text', () => {
    expect(humanMessage(error('required', { missingProperty: 'message' }, '.message', "must have required property 'message'"))).toBe(
      'Required.',
    );
    expect(humanMessage(error('pattern', { pattern: '^[A-Z]{2}$' }))).toBe('Does not match the expected format (^[A-Z]{2}$).');
    expect(humanMessage(error('type', { type: 'integer' }))).toBe('Enter a whole number.');
    expect(humanMessage(error('minLength', { limit: 3 }))).toBe('Enter at least 3 characters.');
    expect(humanMessage(error('format', { format: 'email' }))).toBe('Enter an email address.');
    expect(humanMessage(error('maximum', { limit: 10 }))).toBe('Enter 10 or less.');
    expect(humanMessage(error('somethingNew', {}, '.x', 'must be shiny'))).toBe('Must be shiny');
  });

  it('shows nothing under fields the person has not visited, until Run is tried', () => {
    const errors = [
      error('required', { missingProperty: 'country' }, '.from.country'),
      error('minLength', { limit: 2 }, '.from.city'),
      error('required', { missingProperty: 'message' }, 'message'),
    ];
    const shown = (attempted: boolean, visited: string[]) =>
      visibleErrors(errors, { attempted, visited: new Set(visited), prefix: 'tool-args' }).map((e) => `${e.property} ${e.message}`);
    expect(shown(false, [])).toEqual([]);
    expect(shown(false, ['tool-args_from_city'])).toEqual(['.from.city Enter at least 2 characters.']);
    expect(shown(true, [])).toEqual(['.from.country Required.', '.from.city Enter at least 2 characters.', 'message Required.']);
  });

  it('finds the field id an error is about', () => {
    expect(errorFieldId('.meta.reporter', 'tool-args')).toBe('tool-args_meta_reporter');
    expect(errorFieldId("['first-name']", 'tool-args')).toBe('tool-args_first-name');
    expect(errorFieldId('.stops.0', 'tool-args')).toBe('tool-args_stops_0');
    expect(errorFieldId('', 'tool-args')).toBe('tool-args');
    // How rjsf reports a missing top-level property.
    expect(errorFieldId('departure', 'tool-args')).toBe('tool-args_departure');
  });
});
