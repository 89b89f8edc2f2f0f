import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import './admin-list.css';
import { usePlaceholderFit } from './use-placeholder-fit';

/** Pushes what follows it in a toolbar to the right. */
export function ToolbarSpacer() {
  return <span className="list-toolbar-spacer" />;
}

/** The keyword box of a list toolbar: searches with the trimmed text on Enter or its Search button. */
export function KeywordSearch({
  id,
  placeholder,
  width,
  onSearch,
}: {
  id: string;
  placeholder: string;
  width: number;
  onSearch: (keyword: string) => void;
}) {
  const { t } = useTranslation();
  // `width` is a minimum: the box widens to show its whole placeholder in the current language.
  const fitted = usePlaceholderFit(id, placeholder, width);
  return (
    <Input.Search
      id={id}
      aria-label={t('adminList.words.search')}
      placeholder={placeholder}
      allowClear
      enterButton={t('adminList.words.search')}
      maxLength={64}
      style={{ width: fitted, maxWidth: '100%' }}
      onSearch={(value) => onSearch(value.trim())}
    />
  );
}

/**
 * A choice that narrows a list, in its toolbar: the label is its placeholder (shown whole: `width` is a minimum);
 * clearable and searchable by label.
 */
export function FilterSelect<V extends string | number>({
  id,
  label,
  width,
  value,
  loading,
  options,
  onChange,
}: {
  id: string;
  label: string;
  width: number;
  value: V | undefined;
  loading?: boolean;
  options: { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
}) {
  const fitted = usePlaceholderFit(id, label, width, value === undefined);
  return (
    <Select<V>
      id={id}
      aria-label={label}
      placeholder={label}
      allowClear
      style={{ width: fitted, maxWidth: '100%' }}
      value={value}
      loading={loading}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}
