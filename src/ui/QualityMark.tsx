import { useTranslation } from './useTranslation.ts';
import type { Quality } from '../contract/enums.ts';
import { qualityClass } from '../domain/pvFormat.ts';

export { qualityClass };

export interface QualityMarkProps {
  quality: Quality;
}

/**
 * The small mark beside a value that says how far to trust it. Good is a quiet dot (the
 * normal case must not draw the eye); Bad and Uncertain stand out. Unspecified shows nothing.
 */
export function QualityMark({ quality }: QualityMarkProps) {
  const { t } = useTranslation();
  const cls = qualityClass(quality);
  if (!cls) return null;
  const label =
    quality === 'Good'
      ? t('ui.quality.good')
      : quality === 'Bad'
        ? t('ui.quality.bad')
        : t('ui.quality.uncertain');
  return (
    <span className={`quality-mark ${cls}`} role="img" aria-label={label} title={label}>
      {quality === 'Bad' ? '!' : quality === 'Uncertain' ? '?' : ''}
    </span>
  );
}
