import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../lib/feedback';
import { HTML_LANG, i18n, LANGUAGES, type Language } from '../lib/i18n';
import { useAppStore } from '../stores/app';

/**
 * 中文 / English / Español on the login page; saves the `language` cookie and confirms in the new language. Plain
 * buttons (global.css), so that the login page loads no component library.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);

  const choose = (next: Language) => {
    void setLanguage(next).then(() => toastSuccess(i18n.t('message.switchLanguageSuccess', { lng: next })));
  };

  return (
    <div role="group" aria-label={t('language.label')} className={['language-switch', className].filter(Boolean).join(' ')}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          id={`language-${lng}`}
          className={
            lng === language ? 'plain-button plain-button-primary plain-button-small' : 'plain-button plain-button-text plain-button-small'
          }
          aria-pressed={lng === language}
          lang={HTML_LANG[lng]}
          onClick={() => choose(lng)}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </div>
  );
}
