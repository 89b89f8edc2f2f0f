import { PlayCircleOutlined } from '@ant-design/icons';
import type { ForecastTypeInfo, ProductTemplate } from '@agromet/contracts';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/feedback';
import { ApiError } from '../../lib/request';
import { logUnlessShown } from '../../lib/shown-failure';
import { useMakeProduct, useProduct } from './api/products';
import { ForecastFields } from './ForecastFields';
import { NS } from './i18n';
import { PreviewSide } from './PreviewPane';
import { ProductFiles } from './ProductFiles';
import { forecastBody, type ForecastForm } from './product-rules';

/**
 * Making a product: the forecast and region, a template, a name; the preview follows every change; making runs as a
 * job whose progress shows until its files are there to download.
 */
export function MakeTab({
  catalog,
  forecast,
  onForecast,
  templates,
  templateId,
  onTemplate,
}: {
  catalog: readonly ForecastTypeInfo[];
  forecast: ForecastForm;
  onForecast: (f: ForecastForm) => void;
  templates: readonly ProductTemplate[];
  templateId: number | undefined;
  onTemplate: (id: number) => void;
}) {
  const { t } = useTranslation(NS);
  const [layerId, setLayerId] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [productId, setProductId] = useState<number | undefined>();
  const product = useProduct(productId);
  const make = useMakeProduct();
  const body = forecastBody(forecast);
  const previewBody = body && templateId !== undefined ? { ...body, templateId } : null;

  const submit = async () => {
    if (!body) return setProblem(t('make.incomplete'));
    if (templateId === undefined) return setProblem(t('make.needTemplate'));
    if (layerId && !forecast.areaCode) return setProblem(t('make.needArea'));
    setProblem(null);
    try {
      const created = await make.mutateAsync({ ...body, templateId, ...(name.trim() ? { name: name.trim() } : {}) });
      setProductId(created.productId);
      toastSuccess(t('make.submitted'));
    } catch (error) {
      if (error instanceof ApiError) setProblem(error.message);
      else logUnlessShown(error, 'product make');
    }
  };

  return (
    <div className="pd-make pd-split" data-product={productId ?? ''}>
      <div className="pd-main">
        <Form layout="vertical" className="pd-form" onSubmitCapture={(e) => e.preventDefault()}>
          <ForecastFields catalog={catalog} value={forecast} onChange={onForecast} layerId={layerId} onLayerChange={setLayerId} />
          <div className="pd-form-row">
            <Form.Item label={t('make.template')} htmlFor="product-template">
              <Select
                id="product-template"
                value={templateId}
                options={templates.map((x) => ({ value: x.id, label: `${x.name} · ${t(`language.${x.language}`)}` }))}
                onChange={(id: number) => onTemplate(id)}
              />
            </Form.Item>
            <Form.Item label={t('make.name')} htmlFor="product-name">
              <Input
                id="product-name"
                value={name}
                placeholder={t('make.namePlaceholder')}
                maxLength={64}
                onChange={(e) => setName(e.target.value)}
              />
            </Form.Item>
          </div>
          {problem ? <Alert type="warning" showIcon title={problem} className="pd-hint" data-testid="product-problem" /> : null}
          <Button id="product-make" type="primary" icon={<PlayCircleOutlined />} loading={make.isPending} onClick={() => void submit()}>
            {forecast.mode === 'series' ? t('make.submitSeries') : t('make.submit')}
          </Button>
        </Form>
        {product.data && product.data.id === productId ? (
          <section className="pd-result" aria-label={t('result.title')}>
            <Typography.Text strong>{product.data.name}</Typography.Text>
            <ProductFiles product={product.data} />
          </section>
        ) : null}
      </div>
      <PreviewSide title={t('preview.title')} body={previewBody} />
    </div>
  );
}
