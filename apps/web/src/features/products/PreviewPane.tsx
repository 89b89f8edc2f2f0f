import type { ProductPreviewBody } from '@agromet/contracts';
import { Alert, Empty, Image, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/request';
import { previewProduct } from './api/products';
import { NS } from './i18n';

/** Waits this long after the last edit before asking for a new preview. */
export const PREVIEW_DEBOUNCE_MS = 500;

/**
 * The product as the server would make it, at screen resolution: asked again (after a pause) whenever the request
 * changes; a refusal is shown with the field it names. `body` null: nothing to preview yet.
 */
export function PreviewPane({ body, onProblem }: { body: ProductPreviewBody | null; onProblem?: (field: string | null) => void }) {
  const { t } = useTranslation(NS);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = body ? JSON.stringify(body) : '';
  const problemRef = useRef(onProblem);
  problemRef.current = onProblem;

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      previewProduct(JSON.parse(key) as ProductPreviewBody, controller.signal)
        .then((blob) => {
          setUrl((old) => {
            if (old) URL.revokeObjectURL(old);
            return URL.createObjectURL(blob);
          });
          setError(null);
          problemRef.current?.(null);
        })
        .catch((e: unknown) => {
          if (controller.signal.aborted) return;
          const field =
            e instanceof ApiError ? ((e.data as { issues?: Array<{ field?: string }> } | null)?.issues?.[0]?.field ?? null) : null;
          setError(e instanceof Error ? e.message : String(e));
          problemRef.current?.(field);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  return (
    <div className="pd-preview" data-testid="product-preview" data-state={loading ? 'loading' : error ? 'error' : url ? 'ready' : 'empty'}>
      <Spin spinning={loading}>
        {error ? <Alert type="warning" showIcon title={t('preview.failed')} description={error} className="pd-preview-error" /> : null}
        {url && !error ? (
          <Image src={url} alt={t('preview.alt')} className="pd-preview-image" preview={{ mask: t('preview.enlarge') }} />
        ) : !error ? (
          <Empty description={body ? t('preview.loading') : t('preview.none')} />
        ) : null}
      </Spin>
    </div>
  );
}

/** The side column of the make and template tabs: the preview under its title. */
export function PreviewSide({ title, body }: { title: string; body: ProductPreviewBody | null }) {
  return (
    <div className="pd-side">
      <Typography.Text strong className="pd-section-title">
        {title}
      </Typography.Text>
      <PreviewPane body={body} />
    </div>
  );
}
