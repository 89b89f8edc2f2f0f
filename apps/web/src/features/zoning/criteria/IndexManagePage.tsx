import type { Criterion } from '@agromet/contracts';
import { Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCriterion } from '../api/criteria';
import { ZoningPage } from '../common/ZoningPage';
import { BaseFactorsPanel } from '../factors/BaseFactorsPanel';
import { NS } from '../i18n';
import { CriteriaList } from './CriteriaList';
import { CriterionEditor } from './CriterionEditor';

/** The criterion being edited, read fresh with its full definition before the editor opens. */
function EditExisting({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useCriterion(id);
  if (!query.data) return query.isError ? null : <Spin />;
  return <CriterionEditor record={query.data} onClose={onClose} />;
}

/**
 * /zoning-manage/index-manage: zoning criteria per crop (with the crop list) and their editor, and the base climate
 * factors they are computed on (grids, fits, station normals import).
 */
export function IndexManagePage() {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState('criteria');
  const [cropId, setCropId] = useState<number | undefined>();
  const [editor, setEditor] = useState<{ record: Criterion | null } | null>(null);

  return (
    <ZoningPage id="index-manage" titleKey="indexManage" wide data={{ 'data-editing': editor ? (editor.record?.id ?? 'new') : '' }}>
      {editor ? (
        editor.record ? (
          <EditExisting id={editor.record.id} onClose={() => setEditor(null)} />
        ) : (
          <CriterionEditor record={null} cropId={cropId} onClose={() => setEditor(null)} />
        )
      ) : (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'criteria',
              label: t('tabs.criteria'),
              children: <CriteriaList cropId={cropId} onCropChange={setCropId} onEdit={(record) => setEditor({ record })} />,
            },
            { key: 'factors', label: t('tabs.factors'), children: <BaseFactorsPanel /> },
          ]}
        />
      )}
    </ZoningPage>
  );
}
