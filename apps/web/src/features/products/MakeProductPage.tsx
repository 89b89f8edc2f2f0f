import { Empty } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabbedPage } from '../../components/admin-list/TabbedPage';
import { useMapStore } from '../../components/map/map-store';
import { useCatalog } from './api/products';
import { useTemplates } from './api/templates';
import { NS } from './i18n';
import { MakeTab } from './MakeTab';
import { forecastBody, initialForecast, type ForecastForm } from './product-rules';
import { ProductList } from './ProductList';
import { ScheduleTab } from './ScheduleTab';
import { TemplateEditor } from './TemplateEditor';
import './products.css';

/**
 * /make-manage/make-product: make a map product (forecast, lead or lead range, region, template) with a live preview
 * and follow its job to the files; edit the templates with a live preview of the same forecast; the products made;
 * the schedules that make products by themselves.
 */
export function MakeProductPage() {
  const { t } = useTranslation(NS);
  const catalog = useCatalog();
  const templates = useTemplates();
  const [forecast, setForecast] = useState<ForecastForm | null>(null);
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [editId, setEditId] = useState<number | undefined>();

  // The form starts from the element the map shows (its run and lead), and follows the map's choice until the user
  // changes the form (the map bar picks its element after the catalogue arrives on a first visit).
  const shown = useMapStore((s) => s.selection);
  const touched = useRef(false);
  const startedFrom = useRef<typeof shown | undefined>(undefined);
  useEffect(() => {
    if (!catalog.data || touched.current || startedFrom.current === shown) return;
    startedFrom.current = shown;
    setForecast(initialForecast(catalog.data, 'pre3h', shown));
  }, [catalog.data, shown]);
  const changeForecast = useCallback((next: ForecastForm) => {
    touched.current = true;
    setForecast(next);
  }, []);
  useEffect(() => {
    const list = templates.data ?? [];
    if (list.length && !list.some((x) => x.id === templateId)) setTemplateId(list[0]!.id);
    if (list.length && !list.some((x) => x.id === editId)) setEditId(list[0]!.id);
  }, [templates.data, templateId, editId]);
  const previewForecast = useMemo(() => (forecast ? forecastBody(forecast) : null), [forecast]);

  const noGrids = catalog.data && !catalog.data.some((x) => x.factors.some((f) => f.baseTimes.length > 0));
  return (
    <TabbedPage
      id="make-product"
      titleKey="makeProduct"
      className="map-panel-page pd-page"
      tabs={[
        {
          key: 'make',
          label: t('tabs.make'),
          children: noGrids ? (
            <Empty description={t('make.noGrids')} />
          ) : forecast ? (
            <MakeTab
              catalog={catalog.data ?? []}
              forecast={forecast}
              onForecast={changeForecast}
              templates={templates.data ?? []}
              templateId={templateId}
              onTemplate={setTemplateId}
            />
          ) : null,
        },
        {
          key: 'templates',
          label: t('tabs.templates'),
          children: <TemplateEditor templates={templates.data ?? []} selectedId={editId} onSelect={setEditId} forecast={previewForecast} />,
        },
        { key: 'products', label: t('tabs.products'), children: <ProductList /> },
        {
          key: 'schedules',
          label: t('tabs.schedules'),
          children: <ScheduleTab catalog={catalog.data ?? []} templates={templates.data ?? []} />,
        },
      ]}
    />
  );
}
