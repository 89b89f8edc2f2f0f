import type { ZoningProduct } from '@agromet/contracts';
import { Button, List, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/product-job/ProductPanel';
import { RunningJobs, type RunningJob } from '../../../components/product-job/RunningJobs';
import { NS } from '../i18n';
import { PANEL, ProductView } from '../product/ProductView';

/** The product just made: its view once the server answers for it, a queued progress bar until then. */
export function MadeProduct({
  productId,
  product,
  clicks,
  onClose,
}: {
  productId: number | undefined;
  product: ZoningProduct | undefined;
  clicks: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  if (product) return <ProductView product={product} clicks={clicks} onClose={onClose} />;
  if (productId === undefined) return null;
  // Just submitted: the job is queued until the product's first answer says more.
  return <JobProgress names={PANEL} progress={0} text={`${t('make.progress')} · ${t('status.queued')}`} />;
}

/** Other zoning jobs running, each opened by its name. */
export function RunningProducts({ others, onOpen }: { others: RunningJob[]; onOpen: (productId: number) => void }) {
  const { t } = useTranslation(NS);
  return (
    <RunningJobs
      prefix="zn"
      testId="zoning-running"
      title={t('make.running')}
      emptyText={t('make.noRunning')}
      jobs={others}
      renderJob={(r) => (
        <List.Item>
          <div className="zn-running-item">
            <Button type="link" size="small" onClick={() => onOpen(r.productId)}>
              {r.name}
            </Button>
            <Progress percent={r.progress} size="small" status="active" />
          </div>
        </List.Item>
      )}
    />
  );
}
