import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/feedback';
import { HTML_LANG, i18n, LANGUAGES, type Language } from '../../lib/i18n';
import { useAppStore } from '../../stores/app';
import { NavbarChoice } from './NavbarChoice';

/** 中文 / English / Español: everything relabels at once; the choice is kept in its cookie. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);

  return (
    <NavbarChoice<Language>
      id="language-select"
      label={t('language.label')}
      icon={<TranslationOutlined aria-hidden />}
      value={language}
      choices={LANGUAGES.map((lng) => ({ key: lng, label: <span lang={HTML_LANG[lng]}>{t(`language.${lng}`)}</span> }))}
      onChoose={(next) => void setLanguage(next).then(() => toastSuccess(i18n.t('message.switchLanguageSuccess', { lng: next })))}
    />
  );
}
