import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/feedback';
import { HTML_LANG, i18n, LANGUAGES, type Language } from '../../lib/i18n';
import { useAppStore } from '../../stores/app';

/** 中文 / English / Español: everything relabels at once; the choice is kept in its cookie. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);

  const choose = (next: Language) => {
    if (next === language) return;
    void setLanguage(next).then(() => toastSuccess(i18n.t('message.switchLanguageSuccess', { lng: next })));
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lng) => ({ key: lng, label: <span lang={HTML_LANG[lng]}>{t(`language.${lng}`)}</span> })),
        onClick: ({ key }) => choose(key as Language),
      }}
    >
      <Button
        id="language-select"
        type="text"
        className="navbar-button"
        aria-label={t('language.label')}
        icon={<TranslationOutlined aria-hidden />}
      />
    </Dropdown>
  );
}
