// The map font moved to the shared cartography (core/cartography/fonts.ts); other modules' PDFs read it from here too.
export { fontBytes, PRODUCT_FONT_FAMILY, productFonts, type ProductFonts } from '../../core/cartography/fonts.js';
