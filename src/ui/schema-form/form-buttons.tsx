/**
 * rjsf's default icon buttons are empty <i> glyphs that need Bootstrap 3 to be seen and have no text for
 * screen readers. These carry a visible symbol and an accessible name instead.
 */
import type { IconButtonProps, TemplatesType } from '@rjsf/utils';

function textButton(symbol: string, label: string, extraClass = '') {
  return function FormButton({ id, onClick, disabled, className }: IconButtonProps) {
    return (
      <button
        type="button"
        id={id}
        className={`button button-small rjsf-button ${extraClass} ${className ?? ''}`}
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
        title={label}
      >
        <span aria-hidden="true">{symbol}</span>
      </button>
    );
  };
}

function AddButton({ id, onClick, disabled, className }: IconButtonProps) {
  return (
    <button type="button" id={id} className={`button button-small rjsf-add ${className ?? ''}`} onClick={onClick} disabled={disabled}>
      + Add item
    </button>
  );
}

export const buttonTemplates: Partial<TemplatesType['ButtonTemplates']> = {
  AddButton,
  CopyButton: textButton('⧉', 'Copy item'),
  MoveDownButton: textButton('↓', 'Move item down'),
  MoveUpButton: textButton('↑', 'Move item up'),
  RemoveButton: textButton('✕', 'Remove item', 'rjsf-remove'),
  ClearButton: textButton('✕', 'Clear'),
};
