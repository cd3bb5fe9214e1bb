/**
 * The generated arguments form. Loaded lazily: @rjsf and Ajv are most of the app's weight and the first
 * screen does not need them.
 */
import Form from '@rjsf/core';
import { getDefaultFormState, type UiSchema } from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';
import { buttonTemplates } from './form-buttons.tsx';
import { buildUiSchema, pruneEmptyOptional } from './form-schema.ts';
import { chooseValidator, judgingSentData } from './validators.ts';

export interface ToolFormProps {
  schema: Record<string, unknown>;
  value: Record<string, unknown>;
  disabled: boolean;
  onChange(value: Record<string, unknown>): void;
  onSubmit(value: Record<string, unknown>): void;
  /** The action buttons (Run tool, Cancel), rendered in place of rjsf's submit button. */
  children: ReactNode;
}

const templates = { ButtonTemplates: buttonTemplates };
const defaultFormState = { emptyObjectFields: 'skipEmptyDefaults' } as const;

export default function ToolForm({ schema, value, disabled, onChange, onSubmit, children }: ToolFormProps) {
  const choice = useMemo(() => chooseValidator(schema), [schema]);
  // What the form holds before anyone types: rjsf fills some fields in itself (a required boolean is false).
  const untouched = useMemo(
    () => getDefaultFormState(choice.validator, choice.schema, {}, choice.schema, false, defaultFormState),
    [choice.validator, choice.schema],
  );
  const validator = useMemo(() => judgingSentData(choice.validator, untouched), [choice.validator, untouched]);
  // Object.assign, not a spread: the uiSchema has no prototype (its keys are the server's property names).
  const uiSchema = useMemo<UiSchema>(
    () => Object.assign(buildUiSchema(choice.schema as Record<string, unknown>), { 'ui:submitButtonOptions': { norender: true } }),
    [choice.schema],
  );
  const tidy = (data: unknown) => pruneEmptyOptional(choice.schema as Record<string, unknown>, asObject(data), untouched);
  return (
    <>
      {choice.note && <p className="hint">{choice.note}</p>}
      <Form
        className="rjsf tool-form"
        idPrefix="tool-args"
        schema={choice.schema}
        validator={validator}
        uiSchema={uiSchema}
        templates={templates}
        formData={value}
        disabled={disabled}
        // Errors show beside each field as you type; a list on top would repeat them and push the form down.
        showErrorList={false}
        noHtml5Validate
        // Checked with Ajv as you type, so mistakes show before Run. (rjsf 6.11's "onBlur" mode swallowed the
        // submit that follows a blur, so Run did nothing.)
        liveValidate="onChange"
        focusOnFirstError
        // Optional objects start empty rather than as `{}`, and one left empty is taken out again.
        experimental_defaultFormStateBehavior={defaultFormState}
        onChange={(event) => onChange(tidy(event.formData))}
        onSubmit={(event) => onSubmit(tidy(event.formData))}
        // The errors are shown in the form; without a handler rjsf would also log them to the console.
        onError={() => undefined}
      >
        {children}
      </Form>
    </>
  );
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
