import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The font of every map the console makes (map, risk and zoning products) and of its other PDFs: Noto Sans SC (SIL Open Font License), shipped by the npm package
// @expo-google-fonts/noto-sans-sc as TrueType files, so products look the same on every machine whatever fonts the
// system has. It covers Chinese, and the Latin letters English and Spanish need (á é í ñ ó ú ü ¿ ¡).

const require = createRequire(import.meta.url);

export interface ProductFonts {
  regular: string;
  bold: string;
}

let fonts: ProductFonts | null = null;
const bytes = new Map<string, Buffer>();

/** Paths of the regular and bold TrueType files (the PNGs draw their outlines, text-outline.ts; the PDFs embed them). */
export function productFonts(): ProductFonts {
  if (fonts) return fonts;
  const dir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  const found = {
    regular: path.join(dir, '400Regular', 'NotoSansSC_400Regular.ttf'),
    bold: path.join(dir, '700Bold', 'NotoSansSC_700Bold.ttf'),
  };
  fonts = found;
  return found;
}

/** A font file's bytes, read once (the PDF embeds the glyphs it uses as a subset). */
export function fontBytes(file: string): Buffer {
  let b = bytes.get(file);
  if (!b) {
    b = readFileSync(file);
    bytes.set(file, b);
  }
  return b;
}
