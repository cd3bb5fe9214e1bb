import type { ButtonHTMLAttributes } from 'react';
import { usePresentation } from './use-presentation.ts';

/**
 * A button that writes a file. Where the presentation policy refuses exports it is disabled and its title
 * says why; otherwise it is a plain button with the caller's title.
 */
export function ExportButton({ disabled, title, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const { exportRefusal } = usePresentation();
  return <button type="button" {...rest} disabled={disabled === true || exportRefusal !== null} title={exportRefusal ?? title} />;
}
