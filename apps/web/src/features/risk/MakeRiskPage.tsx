import { List, Progress } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabbedPage } from '../../components/admin-list/TabbedPage';
import { JobProgress } from '../../components/product-job/ProductPanel';
import { RunningJobs } from '../../components/product-job/RunningJobs';
import { useRiskProduct, useRunningRisk } from './api/products';
import { HazardEditor } from './HazardEditor';
import { NS } from './i18n';
import { ProductList } from './ProductList';
import { PANEL, RiskProductView } from './RiskProductView';
import { RunForm } from './RunForm';
import './risk.css';

/**
 * /make-manage/make-risk: make a risk product (hazard, run and lead range, region, exposure) and follow its job; edit
 * the hazard definitions; the list of risk products. A product shown has its level layer over the map with the
 * legend, the summaries, and the area of each level per county as a table and a chart.
 */
export function MakeRiskPage() {
  const { t } = useTranslation(NS);
  const [productId, setProductId] = useState<number | undefined>();
  const product = useRiskProduct(productId);
  const running = useRunningRisk();
  const others = (running.data ?? []).filter((r) => r.productId !== productId);
  const view =
    product.data && product.data.id === productId ? (
      <RiskProductView product={product.data} onClose={() => setProductId(undefined)} />
    ) : productId !== undefined ? (
      <JobProgress names={PANEL} progress={0} text={`${t('make.progress')} · ${t('status.queued')}`} />
    ) : null;

  return (
    <TabbedPage
      id="make-risk"
      titleKey="makeRisk"
      className="map-panel-page rk-page"
      data={{ 'data-product': productId ?? '' }}
      tabs={[
        {
          key: 'make',
          label: t('tabs.make'),
          children: (
            <>
              <RunForm
                onStarted={(id) => {
                  setProductId(id);
                  void running.refetch();
                }}
              />
              {view}
              <RunningJobs
                prefix="rk"
                title={t('make.running')}
                emptyText={t('make.noRunning')}
                jobs={others}
                renderJob={(r) => (
                  <List.Item onClick={() => setProductId(r.productId)}>
                    {r.name}
                    <Progress percent={r.progress} size="small" status="active" />
                  </List.Item>
                )}
              />
            </>
          ),
        },
        { key: 'hazards', label: t('tabs.hazards'), children: <HazardEditor /> },
        {
          key: 'products',
          label: t('tabs.products'),
          children: (
            <>
              <ProductList shown={productId} onShow={setProductId} />
              {view}
            </>
          ),
        },
      ]}
    />
  );
}
