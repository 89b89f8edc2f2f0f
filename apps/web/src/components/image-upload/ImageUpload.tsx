import { API_ENDPOINTS, UPLOAD_MAX_KB } from '@agromet/contracts/web';

import { CheckCircleFilled, CloseCircleFilled, InboxOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Slider, Spin, Steps, Upload } from 'antd';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { formatKb } from '../../lib/format-size';
import { sendEnvelope } from '../../lib/request';
import { cropToBlob, loadImage } from './crop-image';
import {
  maxZoomFor,
  outputFormat,
  sliderOfZoom,
  uploadFileName,
  ZOOM_REPEAT_MS,
  ZOOM_SLIDER_MAX,
  ZOOM_SLIDER_STEP,
  zoomOfSlider,
  uploadResultOf,
  type Size,
  type UploadResult,
} from './image-rules';
import { useChosenImage, type Source } from './use-chosen-image';
import { useRepeatWhileHeld } from './use-repeat-while-held';
import './image-upload.css';

export type { UploadResult } from './image-rules';

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

const STEPS: readonly Step[] = ['choose', 'crop', 'upload'];

/** Crops the image to the target size and format and sends it; the server's answer as an UploadResult. */
async function sendCrop({
  source,
  area,
  target,
  imageFormat,
  field,
  url,
}: {
  source: Source;
  area: Area;
  target: Size;
  imageFormat: string;
  field: string;
  url: string;
}): Promise<UploadResult> {
  const format = outputFormat(imageFormat);
  const blob = await cropToBlob(await loadImage(source.url), area, target, format);
  const form = new FormData();
  form.append(field, blob, uploadFileName(source.name, format));
  const envelope = await sendEnvelope<Partial<UploadResult> | null>('POST', url, { body: form, silent: true });
  return uploadResultOf(envelope, { width: target.width, height: target.height, size: blob.size });
}

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
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [status, setStatus] = useState<UploadStatus>('loading');
  const [failure, setFailure] = useState('');
  const target: Size = { width, height };
  const { problem, source, choose } = useChosenImage({
    open,
    target,
    maxSizeKb,
    onChosen: () => {
      setCrop({ x: 0, y: 0 });
      setZoom(1);
      setStep('crop');
    },
  });
  const maxZoom = source ? maxZoomFor(source.natural, target) : 1;

  // Each opening starts at step 1.
  useEffect(() => {
    if (!open) return;
    setStep('choose');
  }, [open]);

  const upload = async () => {
    if (!source || !area) return;
    setStep('upload');
    setStatus('loading');
    try {
      const result = await sendCrop({ source, area, target, imageFormat, field, url });
      setStatus('success');
      onSuccess?.(result);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : '');
      setStatus('failure');
      onFailure?.(err);
    }
  };

  return (
    <Modal
      open={open}
      title={title ?? t('upload.title')}
      onCancel={onClose}
      footer={
        <UploadFooter
          step={step}
          status={status}
          canUpload={area !== null}
          onBack={setStep}
          onUpload={() => void upload()}
          onClose={onClose}
        />
      }
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
        <ChooseStep width={width} height={height} maxSizeKb={maxSizeKb} problem={problem} onChoose={(file) => void choose(file)} />
      ) : null}

      {step === 'crop' && source ? (
        <CropStep
          image={source.url}
          aspect={width / height}
          crop={crop}
          zoom={zoom}
          maxZoom={maxZoom}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onArea={setArea}
        />
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

/** The dialog's buttons: back and upload while cropping, back and retry after a failure, close otherwise. */
function UploadFooter({
  step,
  status,
  canUpload,
  onBack,
  onUpload,
  onClose,
}: {
  step: Step;
  status: UploadStatus;
  canUpload: boolean;
  onBack: (step: Step) => void;
  onUpload: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (step === 'crop')
    return (
      <>
        <Button onClick={() => onBack('choose')}>{t('upload.back')}</Button>
        <Button id="image-upload-submit" type="primary" disabled={!canUpload} onClick={onUpload}>
          {t('upload.upload')}
        </Button>
      </>
    );
  if (step === 'upload' && status === 'failure')
    return (
      <>
        <Button onClick={() => onBack('crop')}>{t('upload.back')}</Button>
        <Button type="primary" onClick={onUpload}>
          {t('upload.retry')}
        </Button>
      </>
    );
  return (
    <Button id="image-upload-close" onClick={onClose} disabled={step === 'upload' && status === 'loading'}>
      {t('upload.close')}
    </Button>
  );
}

/** Step 1: the drop zone (or click) with the limits, and what was wrong with the last file. */
function ChooseStep({
  width,
  height,
  maxSizeKb,
  problem,
  onChoose,
}: {
  width: number;
  height: number;
  maxSizeKb: number;
  problem: string | null;
  onChoose: (file: File) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Upload.Dragger
        accept="image/*"
        multiple={false}
        showUploadList={false}
        beforeUpload={(file) => {
          onChoose(file);
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
  );
}

/** Step 2: the crop frame over the image and its zoom (slider, and buttons that repeat while held). */
function CropStep({
  image,
  aspect,
  crop,
  zoom,
  maxZoom,
  onCropChange,
  onZoomChange,
  onArea,
}: {
  image: string;
  aspect: number;
  crop: { x: number; y: number };
  zoom: number;
  maxZoom: number;
  onCropChange: (crop: { x: number; y: number }) => void;
  onZoomChange: Dispatch<SetStateAction<number>>;
  onArea: (area: Area) => void;
}) {
  const { t } = useTranslation();
  const zoomBy = (delta: number) => onZoomChange((z) => zoomOfSlider(sliderOfZoom(z, maxZoom) + delta, maxZoom));
  const zoomInHeld = useRepeatWhileHeld(() => zoomBy(ZOOM_SLIDER_STEP), ZOOM_REPEAT_MS);
  const zoomOutHeld = useRepeatWhileHeld(() => zoomBy(-ZOOM_SLIDER_STEP), ZOOM_REPEAT_MS);
  return (
    <>
      <div className="image-upload-cropper">
        <Cropper
          image={image}
          crop={crop}
          zoom={zoom}
          minZoom={1}
          maxZoom={maxZoom}
          aspect={aspect}
          onCropChange={onCropChange}
          onZoomChange={onZoomChange}
          onCropComplete={(_, pixels) => onArea(pixels)}
        />
      </div>
      <div className="image-upload-zoom">
        <Button shape="circle" size="small" aria-label={t('upload.zoomOut')} icon={<MinusOutlined aria-hidden />} {...zoomOutHeld} />
        <Slider
          className="image-upload-slider"
          min={0}
          max={ZOOM_SLIDER_MAX}
          value={sliderOfZoom(zoom, maxZoom)}
          onChange={(v: number) => onZoomChange(zoomOfSlider(v, maxZoom))}
          tooltip={{ formatter: (v) => `${v ?? 0}` }}
          ariaLabelForHandle={t('upload.zoom')}
        />
        <Button shape="circle" size="small" aria-label={t('upload.zoomIn')} icon={<PlusOutlined aria-hidden />} {...zoomInHeld} />
      </div>
    </>
  );
}
