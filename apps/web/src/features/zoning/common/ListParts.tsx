import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/admin-list/ListToolbar';
import { RowAction } from '../../../components/admin-list/table-columns';
import { useCrops } from '../api/crops';
import { NS } from '../i18n';

// What the zoning lists (products, criteria, crops) draw alike.

/** The crop filter of a zoning list's toolbar, its choices the customer's crops. */
export function CropFilter({
  id,
  width,
  value,
  onChange,
}: {
  id: string;
  width: number;
  value: number | undefined;
  onChange: (cropId: number | undefined) => void;
}) {
  const { t } = useTranslation(NS);
  const crops = useCrops();
  return (
    <FilterSelect<number>
      id={id}
      label={t('crop.filter')}
      width={width}
      value={value}
      loading={crops.isPending}
      options={(crops.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      onChange={onChange}
    />
  );
}

/** A row's edit button, named with the row ("Edit <name>"). */
export function EditRowButton({ name, className, onClick }: { name: string; className?: string; onClick: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <RowAction
      size="small"
      icon={<EditOutlined aria-hidden />}
      label={`${t('common.edit')} ${name}`}
      tip={t('common.edit')}
      className={className}
      onClick={onClick}
    />
  );
}

/** A row's delete button, named with the row; disabled while something holds the row, the tooltip saying what (`blockedBy`). */
export function DeleteRowButton({
  name,
  blockedBy,
  className,
  onClick,
}: {
  name: string;
  blockedBy: string | undefined;
  className?: string;
  onClick: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Tooltip title={blockedBy}>
      <Button
        type="link"
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={`${t('common.delete')} ${name}`}
        className={className}
        disabled={blockedBy !== undefined}
        onClick={onClick}
      />
    </Tooltip>
  );
}
