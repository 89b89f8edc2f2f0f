// Server messages of the upload guards (core/archive-guard.ts, core/image-guard.ts), in zh, en and es, merged into the
// catalogues of messages.ts.

export const uploadZh = {
  'archive.unreadable': '文件不是可读取的 ZIP 压缩包（.xlsx、.docx 等都是）：已损坏、已加密或使用了不支持的压缩方式',
  'archive.tooManyEntries': '压缩包中的文件超过 {max} 个',
  'archive.entryTooLarge': '压缩包中的 {entry} 解压后超过 {limit} MB',
  'archive.totalTooLarge': '压缩包解压后合计超过 {limit} MB',
  'archive.ratio': '压缩包中的 {entry} 压缩比为 {ratio}:1，超过允许的 {max}:1（疑似压缩炸弹）',
  'archive.sizeLies': '压缩包中的 {entry} 解压后超过其声明的 {declared} 字节',
  'image.tooManyPixels': '图片尺寸过大：{width} × {height} 像素（最多 {megapixels} 百万像素，每边不超过 {side} 像素）',
} as const;

type Keys = keyof typeof uploadZh;

export const uploadEn: Record<Keys, string> = {
  'archive.unreadable':
    'The file is not a readable ZIP archive (an .xlsx or .docx is one): it is damaged, encrypted or uses an unsupported compression method',
  'archive.tooManyEntries': 'The archive holds more than {max} files',
  'archive.entryTooLarge': 'The archive member {entry} expands to more than {limit} MB',
  'archive.totalTooLarge': 'The archive expands to more than {limit} MB in all',
  'archive.ratio': 'The archive member {entry} is compressed {ratio}:1, more than the {max}:1 allowed (an archive bomb?)',
  'archive.sizeLies': 'The archive member {entry} expands to more than the {declared} bytes it declares',
  'image.tooManyPixels': 'The image is too large: {width} × {height} pixels (at most {megapixels} megapixels and {side} pixels a side)',
};

export const uploadEs: Record<Keys, string> = {
  'archive.unreadable':
    'El archivo no es un ZIP legible (como lo son los .xlsx y .docx): está dañado, cifrado o usa un método de compresión no admitido',
  'archive.tooManyEntries': 'El archivo comprimido contiene más de {max} archivos',
  'archive.entryTooLarge': 'El miembro {entry} del archivo comprimido se expande a más de {limit} MB',
  'archive.totalTooLarge': 'El archivo comprimido se expande a más de {limit} MB en total',
  'archive.ratio':
    'El miembro {entry} del archivo comprimido tiene una compresión de {ratio}:1, más que el {max}:1 permitido (¿una bomba de compresión?)',
  'archive.sizeLies': 'El miembro {entry} del archivo comprimido se expande a más de los {declared} bytes que declara',
  'image.tooManyPixels':
    'La imagen es demasiado grande: {width} × {height} píxeles (como máximo {megapixels} megapíxeles y {side} píxeles por lado)',
};
