import { useQuery } from '@tanstack/react-query';
import type { Icon } from '../../shared/model.ts';
import { useScope } from '../services.tsx';
import { useResolvedTheme, type ResolvedTheme } from '../theme/use-theme.ts';
import { useObjectUrl } from './use-object-url.ts';

/** The icon meant for this theme, else one with no theme, else any. */
function pickIcon(icons: readonly Icon[] | undefined, theme: ResolvedTheme): Icon | undefined {
  if (!Array.isArray(icons) || icons.length === 0) return undefined;
  return icons.find((icon) => icon.theme === theme) ?? icons.find((icon) => !icon.theme) ?? icons[0];
}

interface Props {
  icons: readonly Icon[] | undefined;
  /** What the icon stands for, e.g. the tool name. */
  label: string;
  size?: 'small' | 'large';
}

/**
 * A server-provided icon. The engine fetches it (no credentials, validated) and hands back a Blob, shown
 * only as an <img> from an object URL — SVG included, so its scripts never run. Otherwise a placeholder
 * whose tooltip says why.
 */
export function ServerIcon({ icons, label, size = 'small' }: Props) {
  const theme = useResolvedTheme();
  // A saved session is browsed offline and may be crafted: nothing a file names is ever fetched.
  const fromFile = useScope().mode === 'saved';
  const icon = pickIcon(icons, theme);
  if (!icon || typeof icon.src !== 'string') return null;
  if (fromFile) return <IconPlaceholder size={size} reason="Icons named in a saved session are not loaded." />;
  return <FetchedIcon src={icon.src} label={label} size={size} />;
}

function IconPlaceholder({ size, reason, pending = false }: { size: 'small' | 'large'; reason: string; pending?: boolean }) {
  return (
    <span className={`server-icon server-icon-${size} icon-placeholder`} role="img" aria-label={`Icon not shown: ${reason}`} title={reason}>
      {pending ? '' : '?'}
    </span>
  );
}

function FetchedIcon({ src, label, size }: { src: string; label: string; size: 'small' | 'large' }) {
  const { queries } = useScope();
  const { data, error, isPending } = useQuery(queries.icon(src));
  const url = useObjectUrl(data?.ok ? data.blob : null);
  if (url) return <img className={`server-icon server-icon-${size}`} src={url} alt="" title={`Icon of ${label}`} />;
  const reason = isPending ? 'Loading icon…' : error ? error.message : data && !data.ok ? data.reason : 'Icon not shown.';
  return <IconPlaceholder size={size} reason={reason} pending={isPending} />;
}
