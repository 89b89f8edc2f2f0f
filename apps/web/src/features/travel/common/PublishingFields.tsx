import { SPOT_TEXT_MAX } from '@agromet/contracts/web';
import { Form, Input, Switch } from 'antd';
import { PhotoList } from './PhotoList';

/**
 * The fields a tourism record's form ends with: its photos (uploaded images; not on routes), its description and
 * whether it is published. `idPrefix` names the inputs (`spot` → spot-description, spot-published).
 */
export function PublishingFields({
  idPrefix,
  label,
  rows = 2,
  photos = true,
}: {
  idPrefix: string;
  label: (field: 'photos' | 'description' | 'published') => string;
  rows?: number;
  photos?: boolean;
}) {
  return (
    <>
      {photos ? (
        <Form.Item name="photos" label={label('photos')}>
          <PhotoList />
        </Form.Item>
      ) : null}
      <Form.Item name="description" label={label('description')}>
        <Input.TextArea id={`${idPrefix}-description`} rows={rows} maxLength={SPOT_TEXT_MAX.description} />
      </Form.Item>
      <Form.Item name="published" label={label('published')} valuePropName="checked">
        <Switch id={`${idPrefix}-published`} />
      </Form.Item>
    </>
  );
}
