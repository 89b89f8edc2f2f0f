import { CheckOutlined, UploadOutlined } from '@ant-design/icons';
import type { BaseFactor } from '@agromet/contracts';
import { Alert, Button, Progress, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBaseFactors, useJob } from '../api/factors';
import { formatDateTime } from '../../../lib/format-time';
import { formatValue, signedTerm } from '../common/format';
import { NS } from '../i18n';
import { NormalsImportModal } from './NormalsImportModal';
import { nameWithUnit } from '../../../lib/format-unit';

/**
 * The base climate factors of the customer's region (the fit's columns first, in view on a 1280 px screen): unit, valid
 * range, where the grid comes from and its version;
 * for grids made from station normals the regression's R² (the fitted formula on hover, on the logit scale for a
 * bounded factor), the leave-one-out RMSE of the regression alone and with the interpolated residuals, and which of
 * the two the gridding used (the smaller). Station normals are imported here (CSV), after which the factors are gridded again.
 */
export function BaseFactorsPanel() {
  const { t } = useTranslation(NS);
  const [jobId, setJobId] = useState<string | undefined>();
  const job = useJob(jobId);
  const jobActive = Boolean(jobId) && job.data?.status !== 'done' && job.data?.status !== 'failed';
  const factors = useBaseFactors({ poll: jobActive });
  const [importing, setImporting] = useState(false);

  // A finished regridding shows its new grids and fits.
  const finished = job.data?.status === 'done';
  const refetch = factors.refetch;
  useEffect(() => {
    if (finished) void refetch();
  }, [finished, refetch]);

  const columns = useMemo<TableColumnsType<BaseFactor>>(
    () => [
      { title: t('factor.name'), dataIndex: 'name', fixed: 'left', render: (_: string, f) => nameWithUnit(f) },
      {
        title: t('factor.r2'),
        key: 'r2',
        align: 'right',
        render: (_, f) =>
          f.fit ? (
            <Tooltip
              title={
                <>
                  {t(f.fit.scale === 'logit' ? 'factor.formulaLogit' : 'factor.formula', {
                    name: f.name,
                    intercept: formatValue(f.fit.coefficients.intercept, 3),
                    lon: signedTerm(f.fit.coefficients.lon),
                    lat: signedTerm(f.fit.coefficients.lat),
                    alt: signedTerm(f.fit.coefficients.altitude, 5),
                  })}
                  {f.fit.scale === 'logit' ? <div>{t('factor.logitScale')}</div> : null}
                </>
              }
            >
              <span className="zn-fit">
                {formatValue(f.fit.r2, 3)}
                {f.fit.scale === 'logit' ? <sup className="zn-fit-scale">logit</sup> : null}
              </span>
            </Tooltip>
          ) : (
            '—'
          ),
      },
      {
        title: t('factor.rmse'),
        key: 'rmse',
        render: (_, f) => (f.fit ? <LooErrors code={f.code} fit={f.fit} unit={f.unit} /> : '—'),
      },
      { title: t('factor.stations'), dataIndex: 'stationCount', align: 'right' },
      {
        title: t('factor.grid'),
        key: 'grid',
        render: (_, f) =>
          f.hasGrid ? (
            <Tooltip title={f.updatedAt ? `${t('factor.updatedAt')} ${formatDateTime(f.updatedAt)}` : undefined}>
              <Tag color="green">{t('factor.gridVersion', { version: f.version })}</Tag>
            </Tooltip>
          ) : (
            <Tag>{t('factor.noGrid')}</Tag>
          ),
      },
      { title: t('factor.source'), dataIndex: 'source', render: (s: BaseFactor['source']) => t(`source.${s}`) },
      { title: t('factor.range'), key: 'range', render: (_, f) => `${formatValue(f.min)} ~ ${formatValue(f.max)}` },
    ],
    [t],
  );

  return (
    <div data-testid="zoning-factors">
      <Typography.Paragraph type="secondary" className="zn-hint">
        {t('factor.hint')}
      </Typography.Paragraph>
      <div className="list-toolbar">
        <Button id="normals-import" icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
          {t('factor.importNormals')}
        </Button>
      </div>
      {jobId && job.data ? (
        job.data.status === 'failed' ? (
          <Alert type="error" showIcon title={t('factor.regridFailed', { reason: job.data.error ?? '' })} className="zn-hint" />
        ) : job.data.status === 'done' ? (
          <Alert type="success" showIcon title={t('factor.regridDone')} className="zn-hint" closable onClose={() => setJobId(undefined)} />
        ) : (
          <div className="zn-progress" data-testid="zoning-regrid-progress">
            <Typography.Text type="secondary">{t('factor.regridding', { progress: job.data.progress })}</Typography.Text>
            <Progress percent={job.data.progress} status="active" size="small" />
          </div>
        )
      ) : null}
      <Table<BaseFactor>
        id="factor-table"
        size="small"
        rowKey="code"
        loading={factors.isFetching && !factors.data}
        columns={columns}
        dataSource={factors.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      {importing ? <NormalsImportModal onClose={() => setImporting(false)} onImported={(r) => setJobId(r.jobId)} /> : null}
    </div>
  );
}

/**
 * The two leave-one-out errors of a fit, the regression alone and with the residuals, one above the other; the one of
 * the method used in bold with a mark (its tooltip says why).
 */
function LooErrors({ code, fit, unit }: { code: string; fit: NonNullable<BaseFactor['fit']>; unit: string }) {
  const { t } = useTranslation(NS);
  const line = (residuals: boolean) => {
    const value = residuals ? fit.looRmseResiduals : fit.looRmseRegression;
    const label = t(residuals ? 'factor.methodResiduals' : 'factor.methodRegression');
    const text = value === null ? '—' : `${formatValue(value, 2)} ${unit}`.trim();
    if (fit.residuals !== residuals) {
      return (
        <div className="zn-loo">
          <Typography.Text type="secondary">{label}</Typography.Text>{' '}
          {value === null ? <Tooltip title={t('factor.notMeasured')}>{text}</Tooltip> : text}
        </div>
      );
    }
    return (
      <Tooltip title={t('factor.methodChosen')}>
        <div className="zn-loo zn-loo-chosen" data-testid={`factor-method-${code}`}>
          <Typography.Text strong>
            <CheckOutlined aria-hidden /> {label} {text}
          </Typography.Text>
        </div>
      </Tooltip>
    );
  };
  return (
    <div data-method={fit.residuals ? 'residuals' : 'regression'}>
      {line(false)}
      {line(true)}
    </div>
  );
}
