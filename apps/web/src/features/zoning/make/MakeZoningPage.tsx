import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { StartJob } from '../../../components/product-job/StartJob';
import { ZoningPage } from '../common/ZoningPage';
import { NS } from '../i18n';
import { CropCriterionFields, RegionFields } from './MakeZoningFields';
import { useMakeZoning } from './use-make-zoning';
import { MadeProduct, RunningProducts } from './ZoningJobs';

/**
 * /zoning-manage/make-zoning: choose crop, criterion and region (the customer's whole region, an area of a boundary
 * layer picked on the map, or a polygon drawn on it), name the product and run it as a job; a progress bar follows
 * it and the result appears on the map, where a click on a cell explains its class.
 */
export function MakeZoningPage() {
  const { t } = useTranslation(NS);
  const make = useMakeZoning();
  const { where, productId } = make;

  return (
    <ZoningPage id="make-zoning" titleKey="makeZoning" data={{ 'data-product': productId ?? '', 'data-tool': where.tool }}>
      {where.region !== 'customer' ? <span className="zn-hides-forecast" hidden /> : null}
      <Form layout="vertical" className="zn-form" onSubmitCapture={(e) => e.preventDefault()}>
        <CropCriterionFields choice={make.choice} />
        <RegionFields where={where} />
        <Form.Item label={t('make.name')} htmlFor="zoning-name" className="zn-section">
          <Input id="zoning-name" maxLength={64} value={make.name} onChange={(e) => make.typeName(e.target.value)} />
        </Form.Item>
        <StartJob
          names={{ prefix: 'zn', testId: 'zoning' }}
          problem={make.problem}
          label={t('make.execute')}
          starting={make.executing}
          disabled={make.choice.criteriaId === undefined}
          onStart={() => void make.submit()}
        />
      </Form>
      <MadeProduct
        productId={productId}
        product={make.product}
        clicks={where.tool === 'none'}
        onClose={() => make.setProductId(undefined)}
      />
      <RunningProducts others={make.others} onOpen={make.setProductId} />
    </ZoningPage>
  );
}
