import { useTranslation } from '../../app/useTranslation.ts';
import type { SystemSettings } from '../../contract/auth.ts';
import { Icon } from '../../ui/index.ts';

/** How to reach the plant's support: mail and phone as links a phone can act on. */
export function SupportContacts({ settings }: { settings: SystemSettings }) {
  const { t } = useTranslation();
  const { supportEmail, supportPhone } = settings;
  if (!supportEmail && !supportPhone) return <p>{t('about.support.none')}</p>;
  return (
    <ul className="contact-list">
      {supportEmail && (
        <li>
          <Icon name="mail" />
          <span className="contact-label">{t('about.support.email')}</span>
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </li>
      )}
      {supportPhone && (
        <li>
          <Icon name="phone" />
          <span className="contact-label">{t('about.support.phone')}</span>
          <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}>{supportPhone}</a>
        </li>
      )}
    </ul>
  );
}
