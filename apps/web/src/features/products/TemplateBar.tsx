import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProductTemplate } from '@agromet/contracts';
import { Button, Popconfirm, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteTemplate } from './api/templates';
import { NS } from './i18n';

interface Props {
  templates: readonly ProductTemplate[];
  selectedId: number | undefined;
  selected: ProductTemplate | undefined;
  creating: boolean;
  onPick: (id: number) => void;
  onNew: () => void;
  onSelect: (id: number | undefined) => void;
}

/** The templates to pick from, a new one, and deleting the selected one (never the last). */
export function TemplateBar({ templates, selectedId, selected, creating, onPick, onNew, onSelect }: Props) {
  const { t } = useTranslation(NS);
  const remove = useDeleteTemplate();
  const cannotDelete = !selected || creating || templates.length <= 1;
  return (
    <Space wrap className="pd-template-bar">
      <Select
        id="template-select"
        aria-label={t('template.choose')}
        style={{ minWidth: 220 }}
        value={creating ? undefined : selectedId}
        placeholder={t('template.new')}
        options={templates.map((x) => ({ value: x.id, label: x.builtIn ? `${x.name} · ${t('template.builtIn')}` : x.name }))}
        onChange={onPick}
      />
      <Button id="template-new" icon={<PlusOutlined />} onClick={onNew}>
        {t('template.new')}
      </Button>
      <Popconfirm
        title={t('template.confirmDelete', { name: selected?.name ?? '' })}
        disabled={cannotDelete}
        onConfirm={async () => {
          if (!selected) return;
          await remove.mutateAsync(selected.id);
          onSelect(templates.find((x) => x.id !== selected.id)?.id);
        }}
      >
        <Button danger icon={<DeleteOutlined />} disabled={cannotDelete} title={templates.length <= 1 ? t('template.lastOne') : undefined}>
          {t('template.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
