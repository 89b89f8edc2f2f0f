import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../lib/feedback';
import { HTML_LANG, i18n, LANGUAGES, type Language } from '../lib/i18n';
import { useAppStore } from '../stores/app';

/** 中文 / English / Español; saves the `language` cookie and confirms in the new language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);

  const choose = (next: Language) => {
    setLanguage(next);
    toastSuccess(i18n.t('message.switchLanguageSuccess', { lng: next }));
  };

  return (
    <div role="group" aria-label={t('language.label')} className={['language-switch', className].filter(Boolean).join(' ')}>
      {LANGUAGES.map((lng) => (
        <Button
          key={lng}
          id={`language-${lng}`}
          size="small"
          type={lng === language ? 'primary' : 'text'}
          aria-pressed={lng === language}
          lang={HTML_LANG[lng]}
          onClick={() => choose(lng)}
        >
          {t(`language.${lng}`)}
        </Button>
      ))}
    </div>
  );
}
