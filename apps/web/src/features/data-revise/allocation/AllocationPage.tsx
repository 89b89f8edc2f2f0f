import { InfoCircleOutlined } from '@ant-design/icons';
import { useMutationState } from '@tanstack/react-query';
import { Checkbox, Input, Popover, Space, Spin, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { useShowTotal } from '../../../components/admin-list/use-paged-table';
import { usePlaceholderFit } from '../../../components/admin-list/use-placeholder-fit';
import { ALLOCATION_TOGGLE_KEY, useAllocationMatrix, useFactors, useToggleAllocation } from '../api/allocation';
import { reportFailure } from '../common/report-failure';
import { RevisePage } from '../common/RevisePage';
import { NS } from '../i18n';
import {
  allocationIdOf,
  cellKey,
  PENDING_ALLOCATION_ID,
  visibleUsers,
  type AllocationToggle,
  type MatrixType,
  type MatrixUser,
} from './allocation-matrix';
import { useFeedback } from '../../../lib/feedback';

/** The factors of a forecast type, fetched when the popover first opens. */
function FactorList({ typeId }: { typeId: number }) {
  const { t } = useTranslation(NS);
  const factors = useFactors(typeId);
  if (factors.isPending) return <Spin size="small" />;
  const list = factors.data ?? [];
  if (list.length === 0) return <span>{t('allocation.noFactors')}</span>;
  return (
    <ul className="dr-factor-list" data-testid={`factors-${typeId}`}>
      {list.map((f) => (
        <li key={f.id}>
          {f.name}
          {f.unit ? ` (${f.unit})` : ''} · {f.code}
        </li>
      ))}
    </ul>
  );
}

function TypeHeader({ type }: { type: MatrixType }) {
  const { t } = useTranslation(NS);
  return (
    <span className="dr-type-head">
      {type.name}
      <Popover title={t('allocation.factors', { type: type.name })} content={<FactorList typeId={type.id} />} trigger={['hover', 'click']}>
        <InfoCircleOutlined className="dr-type-info" role="button" tabIndex={0} aria-label={t('allocation.factors', { type: type.name })} />
      </Popover>
    </span>
  );
}

/**
 * /data-revise/data-manage: which forecast types each forecaster of the customer may revise, as a matrix of
 * checkboxes. A tick or untick shows at once and is saved right away; a refusal puts the box back with a toast.
 */
export function AllocationPage() {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const showTotal = useShowTotal();
  const matrix = useAllocationMatrix();
  const { mutate: toggleAllocation } = useToggleAllocation();
  const [search, setSearch] = useState('');
  const [onlyForecasters, setOnlyForecasters] = useState(true);
  // At least 260 px, wider when the placeholder needs it (Spanish).
  const searchWidth = usePlaceholderFit('allocation-search', t('allocation.searchPlaceholder'), 260);
  const busy = useMutationState({
    filters: { mutationKey: ALLOCATION_TOGGLE_KEY, status: 'pending' },
    select: (m) => m.state.variables as AllocationToggle | undefined,
  });
  const busyCells = useMemo(() => new Set(busy.flatMap((v) => (v ? [cellKey(v.uid, v.typeId)] : []))), [busy]);
  const users = useMemo(() => visibleUsers(matrix.data, { search, onlyForecasters }), [matrix.data, search, onlyForecasters]);
  const types = useMemo(() => matrix.data?.types ?? [], [matrix.data]);

  const change = useCallback(
    (user: MatrixUser, type: MatrixType, allocate: boolean) => {
      const names = { user: user.name || user.username, type: type.name };
      const variables: AllocationToggle = {
        uid: user.id,
        typeId: type.id,
        allocate,
        allocationId: allocationIdOf(user, type.id),
        userName: names.user,
        typeName: names.type,
      };
      toggleAllocation(variables, {
        onSuccess: () => void message.success(t(allocate ? 'allocation.allocated' : 'allocation.removed', names)),
        onError: (error) => reportFailure(error, t('allocation.saveFailed', { ...names, reason: error.message })),
      });
    },
    [toggleAllocation, message, t],
  );

  const columns = useMemo<TableColumnsType<MatrixUser>>(
    () => [
      {
        title: t('allocation.user'),
        key: 'user',
        fixed: 'left',
        render: (_, u) => (
          <Space size={4} wrap>
            <span>{u.name || u.username}</span>
            <span className="list-hint">{u.username}</span>
            {u.forecaster ? null : (
              <Tooltip title={t('allocation.notForecasterHint')}>
                <Tag color="default">{t('allocation.notForecaster')}</Tag>
              </Tooltip>
            )}
            {u.enabled ? null : <Tag color="red">{t('allocation.disabled')}</Tag>}
          </Space>
        ),
      },
      ...types.map((type) => ({
        title: <TypeHeader type={type} />,
        key: `type-${type.id}`,
        align: 'center' as const,
        render: (_: unknown, u: MatrixUser) => {
          const id = allocationIdOf(u, type.id);
          const pending = busyCells.has(cellKey(u.id, type.id)) || id === PENDING_ALLOCATION_ID;
          return (
            <Checkbox
              checked={id !== undefined}
              disabled={pending}
              data-cell={cellKey(u.id, type.id)}
              aria-label={t('allocation.toggle', { user: u.name || u.username, type: type.name })}
              onChange={(e) => change(u, type, e.target.checked)}
            />
          );
        },
      })),
    ],
    [t, types, busyCells, change],
  );

  return (
    <RevisePage
      id="allocation-page"
      titleKey="dataManage"
      toolbar={
        <>
          <Input.Search
            id="allocation-search"
            aria-label={t('common.search')}
            placeholder={t('allocation.searchPlaceholder')}
            allowClear
            maxLength={64}
            style={{ width: searchWidth, maxWidth: '100%' }}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={setSearch}
          />
          <Checkbox id="allocation-only-forecasters" checked={onlyForecasters} onChange={(e) => setOnlyForecasters(e.target.checked)}>
            {t('allocation.onlyForecasters')}
          </Checkbox>
          <ToolbarSpacer />
          <span className="list-hint">{t('allocation.typeCount', { count: types.length })}</span>
        </>
      }
    >
      <Table<MatrixUser>
        id="allocation-table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={users}
        loading={matrix.isFetching && !matrix.data}
        pagination={users.length > 20 ? { pageSize: 20, showTotal } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('allocation.empty') }}
      />
    </RevisePage>
  );
}
