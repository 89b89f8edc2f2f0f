import { MAP_LIMITS } from '@agromet/contracts/web';
import type { Customer } from '@agromet/contracts';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { useUserStore } from '../../../stores/user';
import { fetchCustomer, useSaveCustomer } from '../api/customers';
import { useRules } from '../components/use-rules';
import { NS } from '../i18n';
import { SaveModal } from '../../../components/admin-list/SaveModal';
import { customerBody, customerFormValues, type CustomerFormValues as FormValues } from './customer-values';
import { LogoField } from './LogoField';
import { useFeedback } from '../../../lib/feedback';

/** Create (record null) or edit a customer and its branding. */
export function CustomerFormModal({ record, onClose }: { record: Customer | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const rules = useRules();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCustomer();
  const { version, offerStale } = useEditVersion(record);
  const label = (key: string) => t(`customer.${key}`);

  const onFinish = async (values: FormValues) => {
    try {
      const saved = await save.mutateAsync({ id: record?.id, version, values: customerBody(values) });
      const own = saved.id === useUserStore.getState().customerId;
      void message.success(own ? t('customer.brandingApplied') : t(record ? 'common.saved' : 'common.created'));
      onClose();
    } catch (error) {
      if (!record) return;
      await offerStale(error, {
        fetchCurrent: () => fetchCustomer(record.id),
        onReload: (fresh) => form.setFieldsValue(customerFormValues(fresh)),
        onGone: onClose,
      });
    }
  };

  return (
    <SaveModal
      title={record ? t('customer.editTitle') : t('customer.createTitle')}
      submitId="customer-form-submit"
      saving={save.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
      width={640}
    >
      <Form<FormValues>
        form={form}
        name="customer-form"
        layout="vertical"
        initialValues={customerFormValues(record)}
        onFinish={(v) => void onFinish(v)}
        requiredMark
      >
        <Form.Item name="name" label={label('name')} rules={[rules.required(label('name')), rules.max(label('name'), 128)]}>
          <Input maxLength={128} autoComplete="off" />
        </Form.Item>
        <Form.Item name="sysName" label={label('sysName')} rules={[rules.max(label('sysName'), 128)]}>
          <Input maxLength={128} placeholder={t('customer.sysNamePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="logo" label={label('logo')}>
          <LogoField />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={10}>
            <Form.Item name="tel" label={label('tel')} rules={[rules.max(label('tel'), 64), rules.phone()]}>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14}>
            <Form.Item name="address" label={label('address')} rules={[rules.max(label('address'), 256)]}>
              <Input maxLength={256} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={9}>
            <Form.Item
              name="centerLat"
              label={label('centerLat')}
              rules={[rules.requiredNumber(label('centerLat')), rules.range(label('centerLat'), MAP_LIMITS.lat[0], MAP_LIMITS.lat[1])]}
            >
              <InputNumber step={0.1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={9}>
            <Form.Item
              name="centerLon"
              label={label('centerLon')}
              rules={[rules.requiredNumber(label('centerLon')), rules.range(label('centerLon'), MAP_LIMITS.lon[0], MAP_LIMITS.lon[1])]}
            >
              <InputNumber step={0.1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={6}>
            <Form.Item
              name="zoom"
              label={label('zoom')}
              rules={[
                rules.requiredNumber(label('zoom')),
                rules.integer(label('zoom')),
                rules.range(label('zoom'), MAP_LIMITS.zoom[0], MAP_LIMITS.zoom[1]),
              ]}
            >
              <InputNumber step={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SaveModal>
  );
}
