import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKb } from '../../lib/format-size';
import { loadImage } from './crop-image';
import { fileProblem, isTooSmall, type Size } from './image-rules';

/** The chosen image: its object URL, file name and size in pixels. */
export interface Source {
  url: string;
  name: string;
  natural: Size;
}

/** Frees the object URL of a replaced or abandoned image. */
function useRevokedWhenReplaced(sourceUrl: string | undefined) {
  useEffect(
    () => () => {
      if (sourceUrl) URL.revokeObjectURL(sourceUrl);
    },
    [sourceUrl],
  );
}

/**
 * Step 1 of the image upload: a chosen file is checked (an image, within the size limit, at least the target's
 * pixels) and loaded as the source to crop, or what was wrong with it is the problem to show. `onChosen` runs once a
 * file is taken. Each opening (`open` turning true) forgets the last file and problem; a replaced or abandoned
 * source's object URL is freed.
 */
export function useChosenImage({
  open,
  target,
  maxSizeKb,
  onChosen,
}: {
  open: boolean;
  target: Size;
  maxSizeKb: number;
  onChosen: () => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [source, setSource] = useState<Source | null>(null);

  useRevokedWhenReplaced(source?.url);

  useEffect(() => {
    if (!open) return;
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
        setProblem(t('upload.lowPixels', { width: target.width, height: target.height }));
        return;
      }
      setSource({ url: objectUrl, name: file.name, natural });
      onChosen();
    } catch {
      URL.revokeObjectURL(objectUrl);
      setProblem(t('upload.onlyImage'));
    }
  };

  return { problem, source, choose };
}
