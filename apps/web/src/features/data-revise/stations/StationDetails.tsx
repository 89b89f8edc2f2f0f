import { CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Station } from '@agromet/contracts';
import { Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatLatLon, formatNumber } from '../common/format';
import { NS } from '../i18n';
import { regionOf } from './station-values';

/** The selected station's fields, with edit and delete. */
export function StationDetails({
  station,
  onEdit,
  onDelete,
  onClose,
}: {
  station: Station;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const f = (key: string) => t(`station.fields.${key}`);
  return (
    <Card
      id="station-detail"
      data-station-id={station.id}
      className="dr-detail"
      size="small"
      title={t('station.detailTitle', { name: station.name, number: station.stationNumber })}
      extra={
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined aria-hidden />} onClick={onEdit}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined aria-hidden />} onClick={onDelete}>
            {t('common.delete')}
          </Button>
          <Button type="text" size="small" icon={<CloseOutlined aria-hidden />} aria-label={t('common.close')} onClick={onClose} />
        </Space>
      }
    >
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={f('stationNumber')}>{station.stationNumber}</Descriptions.Item>
        <Descriptions.Item label={f('name')}>{station.name}</Descriptions.Item>
        <Descriptions.Item label={t('station.region')}>{regionOf(station)}</Descriptions.Item>
        <Descriptions.Item label={f('address')}>{station.address}</Descriptions.Item>
        <Descriptions.Item label={t('station.position')}>{formatLatLon(station.latitude, station.longitude)}</Descriptions.Item>
        <Descriptions.Item label={f('altitude')}>{formatNumber(station.altitude, 1)}</Descriptions.Item>
        <Descriptions.Item label={f('contactPerson')}>{station.contactPerson}</Descriptions.Item>
        <Descriptions.Item label={f('contactPhone')}>{station.contactPhone}</Descriptions.Item>
        <Descriptions.Item label={f('remarks')} span={2}>
          {station.remarks}
        </Descriptions.Item>
        <Descriptions.Item label={t('common.updatedAt')} span={2}>
          {formatDateTime(station.updatedAt)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
