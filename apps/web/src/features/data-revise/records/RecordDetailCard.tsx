import { CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import type { RecordDetail, RevisionRecord } from '@agromet/contracts';
import { Alert, Button, Card, Collapse, Descriptions, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../common/format';
import { NS } from '../i18n';
import type { BlockingRecord } from './record-filters';
import { recoverDisabledReason } from './record-summary';
import { useGridName, useSummaryText } from './use-summary-text';

/**
 * The selected record: what it did, the change it made, what blocks its recovery, and the Recover button. A
 * refused recovery lists the later records to recover first, each one a link that selects it.
 */
export function RecordDetailCard({
  record,
  detail,
  areaPolygons,
  blocking,
  recovering,
  onRecover,
  onSelect,
  onClose,
}: {
  /** The list row (shown until the details arrive). */
  record: RevisionRecord;
  detail: RecordDetail | undefined;
  areaPolygons: number;
  /** Later records named by the last refused recovery of this record. */
  blocking: BlockingRecord[] | null;
  recovering: boolean;
  onRecover: () => void;
  onSelect: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const summary = useSummaryText();
  const gridName = useGridName();
  const f = (key: string) => t(`record.fields.${key}`);
  const unit = record.unit ? ` ${record.unit}` : '';
  const recordLink = (id: number) => (
    <Button key={id} type="link" size="small" className="dr-record-link" onClick={() => onSelect(id)}>
      {t('record.showRecord', { id })}
    </Button>
  );

  return (
    <Card
      id="record-detail"
      data-record-id={record.id}
      data-area-polygons={areaPolygons}
      className="dr-detail"
      size="small"
      title={t('record.detailTitle', { id: record.id })}
      extra={
        <Space size={4}>
          <RecoverButton record={record} recovering={recovering} onRecover={onRecover} />
          <Button type="text" size="small" icon={<CloseOutlined aria-hidden />} aria-label={t('common.close')} onClick={onClose} />
        </Space>
      }
    >
      {blocking ? <RecordBlocked recordId={record.id} blocking={blocking} recordLink={recordLink} /> : null}
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={f('operation')}>
          <Space size={4} wrap>
            <Tag color={record.kind === 'recovery' ? 'green' : record.kind === 'point' ? 'blue' : 'purple'}>
              {t(`record.kinds.${record.kind}`)}
            </Tag>
            <span>{summary(record)}</span>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={f('grid')}>{gridName(record)}</Descriptions.Item>
        <Descriptions.Item label={t('record.columns.user')}>
          {record.userName} · {formatDateTime(record.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={f('cells')}>{record.cellsChanged}</Descriptions.Item>
        <Descriptions.Item label={f('delta')}>
          <RecordDelta detail={detail} unit={unit} />
        </Descriptions.Item>
        <Descriptions.Item label={f('versions')}>
          {t('record.fields.versionsValue', { before: record.versionBefore, after: record.versionAfter })}
        </Descriptions.Item>
        {record.bbox ? (
          <Descriptions.Item label={f('extent')}>
            {`${formatNumber(record.bbox.west, 3)}–${formatNumber(record.bbox.east, 3)}°E, ${formatNumber(record.bbox.south, 3)}–${formatNumber(record.bbox.north, 3)}°N`}
          </Descriptions.Item>
        ) : null}
        {detail && detail.blockedBy.length > 0 ? (
          <Descriptions.Item label={f('blockedBy')}>
            <span id="record-blocked-by">{detail.blockedBy.map((b) => recordLink(b.id))}</span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Typography.Text type="secondary" className="list-hint">
        {areaPolygons > 0 ? t('record.areaShown') : detail && !detail.area ? t('record.noArea') : ''}
      </Typography.Text>
      <Collapse
        ghost
        size="small"
        items={[
          {
            key: 'raw',
            label: f('rawParameters'),
            children: <pre className="json-block dr-json">{JSON.stringify(record.parameters, null, 2)}</pre>,
          },
        ]}
      />
    </Card>
  );
}

/** A refused recovery: the later records to recover first, each with a link that selects it. */
function RecordBlocked({
  recordId,
  blocking,
  recordLink,
}: {
  recordId: number;
  blocking: BlockingRecord[];
  recordLink: (id: number) => ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <Alert
      id="record-blocked"
      className="dr-blocked"
      type="warning"
      showIcon
      title={t('record.blockedTitle', { id: recordId })}
      description={
        <>
          <div>{t('record.blockedContent')}</div>
          <ul className="dr-blocked-list">
            {blocking.map((b) => (
              <li key={b.id} data-blocking-id={b.id}>
                {t('record.blockedItem', {
                  id: b.id,
                  kind: t(`record.kinds.${b.kind}`),
                  user: b.userName,
                  time: formatDateTime(b.createdAt),
                })}{' '}
                {recordLink(b.id)}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}

/** The change's smallest, largest and mean difference once the details arrive. */
function RecordDelta({ detail, unit }: { detail: RecordDetail | undefined; unit: string }) {
  const { t } = useTranslation(NS);
  if (!detail) return <Spin size="small" />;
  if (!detail.delta) return <>{t('common.none')}</>;
  return (
    <span id="record-delta">
      {t('record.fields.deltaValue', {
        min: `${formatNumber(detail.delta.min)}${unit}`,
        max: `${formatNumber(detail.delta.max)}${unit}`,
        mean: `${formatNumber(detail.delta.mean)}${unit}`,
      })}
    </span>
  );
}

/** Recover, disabled with the reason as its tooltip when the record cannot be recovered. */
function RecoverButton({ record, recovering, onRecover }: { record: RevisionRecord; recovering: boolean; onRecover: () => void }) {
  const { t } = useTranslation(NS);
  const disabled = recoverDisabledReason(record);
  const button = (
    <Button
      id="record-recover"
      type="primary"
      danger
      size="small"
      icon={<RollbackOutlined aria-hidden />}
      disabled={disabled !== null}
      loading={recovering}
      onClick={onRecover}
    >
      {t('record.recover')}
    </Button>
  );
  return disabled ? <Tooltip title={t(disabled)}>{button}</Tooltip> : button;
}
