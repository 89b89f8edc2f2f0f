import { FileExcelOutlined, FileImageOutlined, FilePdfOutlined, FileTextOutlined, FileZipOutlined, FileOutlined } from '@ant-design/icons';
import type { DownloadItem } from '@agromet/contracts';
import { usePreview } from './use-preview';

const ICONS = {
  png: FileImageOutlined,
  tiff: FileImageOutlined,
  pdf: FilePdfOutlined,
  zip: FileZipOutlined,
  csv: FileTextOutlined,
  micaps4: FileTextOutlined,
  json: FileTextOutlined,
  xlsx: FileExcelOutlined,
} as const;

/**
 * A small picture of an item (its server-made thumbnail), or its format's icon. A zoning product's picture is drawn
 * with its whole zip when asked, too costly for every row of a list: it shows its icon and is previewed on demand.
 */
export function Thumbnail({ item }: { item: DownloadItem }) {
  const preview = usePreview(item.id, item.previewable && item.kind !== 'zoning', true);
  if (preview.status === 'ready') return <img className="dl-thumb" src={preview.url} alt="" data-thumb={item.id} />;
  const Icon = ICONS[item.format] ?? FileOutlined;
  return (
    <span className="dl-thumb dl-thumb-icon" aria-hidden>
      <Icon />
    </span>
  );
}
