import { List, Progress, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/admin-list/ListPage';
import { useRiskProduct, useRunningRisk } from './api/products';
import { HazardEditor } from './HazardEditor';
import { NS } from './i18n';
import { ProductList } from './ProductList';
import { RiskProductView } from './RiskProductView';
import { RunForm } from './RunForm';
import './risk.css';

/**
 * /make-manage/make-risk: make a risk product (hazard, run and lead range, region, exposure) and follow its job; edit
 * the hazard definitions; the list of risk products. A product shown has its level layer over the map with the
 * legend, the summaries, and the area of each level per county as a table and a chart.
 */
export function MakeRiskPage() {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState('make');
  const [productId, setProductId] = useState<number | undefined>();
  const product = useRiskProduct(productId);
  const running = useRunningRisk();
  const others = (running.data ?? []).filter((r) => r.productId !== productId);
  const view =
    product.data && product.data.id === productId ? (
      <RiskProductView product={product.data} onClose={() => setProductId(undefined)} />
    ) : productId !== undefined ? (
      <div className="rk-progress" data-testid="risk-progress" data-progress={0}>
        <Typography.Text type="secondary">
          {t('make.progress')} · {t('status.queued')}
        </Typography.Text>
        <Progress percent={0} status="active" />
      </div>
    ) : null;

  return (
    <ListPage id="make-risk" titleKey="makeRisk" className="rk-page" data={{ 'data-product': productId ?? '', 'data-tab': tab }}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        size="small"
        items={[
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
                <section className="rk-running" aria-label={t('make.running')}>
                  <Typography.Text strong>{t('make.running')}</Typography.Text>
                  {others.length === 0 ? (
                    <div className="rk-hint">{t('make.noRunning')}</div>
                  ) : (
                    <List
                      size="small"
                      dataSource={others}
                      renderItem={(r) => (
                        <List.Item onClick={() => setProductId(r.productId)}>
                          {r.name}
                          <Progress percent={r.progress} size="small" status="active" />
                        </List.Item>
                      )}
                    />
                  )}
                </section>
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
    </ListPage>
  );
}
