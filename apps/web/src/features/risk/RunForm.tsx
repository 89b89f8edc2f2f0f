import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { StartJob } from '../../components/product-job/StartJob';
import { NS } from './i18n';
import { RunExposureFields, RunHazardFields, RunNameFields, RunRegionFields } from './RunFormFields';
import { useRunForm } from './use-run-form';

/**
 * The run: a hazard, a run of its forecast type and a lead range, a region (the customer's, or an area of a boundary
 * layer), the layer the areas are counted by, an optional crop exposure (a zoning product), a name and the language of
 * the text written into the product. Answers the product made to its parent, which follows the job.
 */
export function RunForm({ onStarted }: { onStarted: (productId: number) => void }) {
  const { t } = useTranslation(NS);
  const form = useRunForm(onStarted);
  return (
    <Form layout="vertical" className="rk-form" data-testid="risk-run-form" onSubmitCapture={(e) => e.preventDefault()}>
      <RunHazardFields run={form.run} />
      <RunRegionFields where={form.where} />
      <RunExposureFields where={form.where} exposure={form.exposure} />
      <RunNameFields naming={form.naming} />
      <StartJob
        names={{ prefix: 'rk', testId: 'risk' }}
        problem={form.problem}
        label={t('make.execute')}
        starting={form.executing}
        disabled={!form.run.hazard}
        onStart={() => void form.submit()}
      />
    </Form>
  );
}
