/** Browser tile: an embedded web page; only http and https URLs (SPEC §2 'Fehlerhafter Pfad'). */
import { useTranslation } from '../../../app/useTranslation.ts';
import type { DashboardTile } from '../../../contract/dashboard.ts';
import { webUrl } from '../enums.ts';
import { TileError } from '../TileFrame.tsx';

export function BrowserTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation();
  const url = webUrl(tile.url, window.location.origin);
  if (!url)
    return (
      <TileError message={t('dashboard.browser.badPath')} detail={t('dashboard.browser.onlyWeb')} />
    );
  return (
    <iframe
      className="tile-browser"
      src={url}
      title={tile.title || url}
      referrerPolicy="no-referrer"
      sandbox="allow-scripts allow-same-origin allow-forms"
      loading="lazy"
    />
  );
}
