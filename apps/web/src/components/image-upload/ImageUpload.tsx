import { API_ENDPOINTS, UPLOAD_MAX_KB } from '@agromet/contracts/web';

import { CheckCircleFilled, CloseCircleFilled, InboxOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Slider, Spin, Steps, Upload } from 'antd';
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { formatKb } from '../../lib/format-size';
import { sendEnvelope } from '../../lib/request';
import { cropToBlob, loadImage } from './crop-image';
import {
  fileProblem,
  isTooSmall,
  maxZoomFor,
  outputFormat,
  sliderOfZoom,
  uploadFileName,
  ZOOM_REPEAT_MS,
  ZOOM_SLIDER_MAX,
  ZOOM_SLIDER_STEP,
  zoomOfSlider,
  type Size,
} from './image-rules';
import { useRepeatWhileHeld } from './use-repeat-while-held';
import './image-upload.css';

/** What the server answered: `{code:0, msg:<stored path>, data:{path,width,height,size}}`. */
export interface UploadResult {
  path: string;
  width: number;
  height: number;
  size: number;
}

export interface ImageUploadProps {
  open: boolean;
  onClose: () => void;
  onSuccess?: (result: UploadResult) => void;
  onFailure?: (error: unknown) => void;
  /** Multipart endpoint; the image goes in field `field`. */
  url?: string;
  field?: string;
  /** Output size in px (the crop frame has its aspect ratio). */
  width?: number;
  height?: number;
  maxSizeKb?: number;
  /** 'png' or 'jpg'; anything else becomes jpg. */
  imageFormat?: string;
  title?: string;
}

type Step = 'choose' | 'crop' | 'upload';
type UploadStatus = 'loading' | 'success' | 'failure';

interface Source {
  url: string;
  name: string;
  natural: Size;
}

const STEPS: readonly Step[] = ['choose', 'crop', 'upload'];

/** Image upload widget: 1 choose (click or drop), 2 crop, 3 upload. */
export function ImageUpload({
  open,
  onClose,
  onSuccess,
  onFailure,
  url = API_ENDPOINTS.upload.url,
  field = 'file',
  width = 200,
  height = 200,
  maxSizeKb = UPLOAD_MAX_KB,
  imageFormat = 'png',
  title,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('choose');
  const [problem, setProblem] = useState<string | null>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [status, setStatus] = useState<UploadStatus>('loading');
  const [failure, setFailure] = useState('');
  const target: Size = { width, height };
  const maxZoom = source ? maxZoomFor(source.natural, target) : 1;

  // Free the object URL of a replaced or abandoned image.
  const sourceUrl = source?.url;
  useEffect(
    () => () => {
      if (sourceUrl) URL.revokeObjectURL(sourceUrl);
    },
    [sourceUrl],
  );

  // Each opening starts at step 1.
  useEffect(() => {
    if (!open) return;
    setStep('choose');
    setProblem(null);
    setSource(null);
  }, [open]);

  const choose = async (file: File) => {
    setProblem(null);
    const bad = fileProblem(file, maxSizeKb);
    if (bad) {
      setProblem(bad === 'onlyImage' ? t('upload.onlyImage') : t('upload.sizeLimit', { size: formatKb(maxSizeKb) }));
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    try {
      const image = await loadImage(objectUrl);
      const natural = { width: image.naturalWidth, height: image.naturalHeight };
      if (isTooSmall(natural, target)) {
        URL.revokeObjectURL(objectUrl);
        setProblem(t('upload.lowPixels', { width, height }));
        return;
      }
      setSource({ url: objectUrl, name: file.name, natural });
      setCrop({ x: 0, y: 0 });
      setZoom(1);
      setStep('crop');
    } catch {
      URL.revokeObjectURL(objectUrl);
      setProblem(t('upload.onlyImage'));
    }
  };

  const upload = async () => {
    if (!source || !area) return;
    setStep('upload');
    setStatus('loading');
    try {
      const format = outputFormat(imageFormat);
      const blob = await cropToBlob(await loadImage(source.url), area, target, format);
      const form = new FormData();
      form.append(field, blob, uploadFileName(source.name, format));
      const envelope = await sendEnvelope<Partial<UploadResult> | null>('POST', url, { body: form, silent: true });
      const data = envelope.data ?? {};
      const result: UploadResult = {
        path: data.path ?? envelope.msg,
        width: data.width ?? width,
        height: data.height ?? height,
        size: data.size ?? blob.size,
      };
      setStatus('success');
      onSuccess?.(result);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : '');
      setStatus('failure');
      onFailure?.(err);
    }
  };

  const zoomBy = (delta: number) => setZoom((z) => zoomOfSlider(sliderOfZoom(z, maxZoom) + delta, maxZoom));
  const zoomInHeld = useRepeatWhileHeld(() => zoomBy(ZOOM_SLIDER_STEP), ZOOM_REPEAT_MS);
  const zoomOutHeld = useRepeatWhileHeld(() => zoomBy(-ZOOM_SLIDER_STEP), ZOOM_REPEAT_MS);

  const footer =
    step === 'crop' ? (
      <>
        <Button onClick={() => setStep('choose')}>{t('upload.back')}</Button>
        <Button id="image-upload-submit" type="primary" disabled={!area} onClick={() => void upload()}>
          {t('upload.upload')}
        </Button>
      </>
    ) : step === 'upload' && status === 'failure' ? (
      <>
        <Button onClick={() => setStep('crop')}>{t('upload.back')}</Button>
        <Button type="primary" onClick={() => void upload()}>
          {t('upload.retry')}
        </Button>
      </>
    ) : (
      <Button id="image-upload-close" onClick={onClose} disabled={step === 'upload' && status === 'loading'}>
        {t('upload.close')}
      </Button>
    );

  return (
    <Modal
      open={open}
      title={title ?? t('upload.title')}
      onCancel={onClose}
      footer={footer}
      width={Math.max(520, width + 160)}
      destroyOnHidden
      className="image-upload-dialog"
      // Escape closes, except while the upload is running.
      keyboard={!(step === 'upload' && status === 'loading')}
    >
      <Steps
        size="small"
        current={STEPS.indexOf(step)}
        status={step === 'upload' && status === 'failure' ? 'error' : undefined}
        items={[{ title: t('upload.stepChoose') }, { title: t('upload.stepCrop') }, { title: t('upload.stepUpload') }]}
        className="image-upload-steps"
      />

      {step === 'choose' ? (
        <>
          <Upload.Dragger
            accept="image/*"
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              void choose(file);
              return Upload.LIST_IGNORE;
            }}
            className="image-upload-drop"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{t('upload.hint')}</p>
            <p className="ant-upload-hint">{t('upload.limits', { width, height, size: formatKb(maxSizeKb) })}</p>
          </Upload.Dragger>
          {problem ? <Alert id="image-upload-problem" type="error" showIcon title={problem} className="image-upload-problem" /> : null}
        </>
      ) : null}

      {step === 'crop' && source ? (
        <>
          <div className="image-upload-cropper">
            <Cropper
              image={source.url}
              crop={crop}
              zoom={zoom}
              minZoom={1}
              maxZoom={maxZoom}
              aspect={width / height}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          </div>
          <div className="image-upload-zoom">
            <Button shape="circle" size="small" aria-label={t('upload.zoomOut')} icon={<MinusOutlined aria-hidden />} {...zoomOutHeld} />
            <Slider
              className="image-upload-slider"
              min={0}
              max={ZOOM_SLIDER_MAX}
              value={sliderOfZoom(zoom, maxZoom)}
              onChange={(v: number) => setZoom(zoomOfSlider(v, maxZoom))}
              tooltip={{ formatter: (v) => `${v ?? 0}` }}
              ariaLabelForHandle={t('upload.zoom')}
            />
            <Button shape="circle" size="small" aria-label={t('upload.zoomIn')} icon={<PlusOutlined aria-hidden />} {...zoomInHeld} />
          </div>
        </>
      ) : null}

      {step === 'upload' ? <UploadState status={status} detail={failure} /> : null}
    </Modal>
  );
}

function UploadState({ status, detail }: { status: UploadStatus; detail: string }) {
  const { t } = useTranslation();
  return (
    <div className="image-upload-state" role="status" aria-live="polite">
      {status === 'loading' ? (
        <>
          <Spin />
          <p>{t('upload.uploading')}</p>
        </>
      ) : status === 'success' ? (
        <>
          <CheckCircleFilled className="image-upload-ok" aria-hidden />
          <p id="image-upload-result">{t('upload.success')}</p>
        </>
      ) : (
        <>
          <CloseCircleFilled className="image-upload-failed" aria-hidden />
          <p id="image-upload-result">{t('upload.failure')}</p>
          {detail ? <p className="image-upload-detail">{detail}</p> : null}
        </>
      )}
    </div>
  );
}
