import { z } from 'zod';
import { PRODUCT_CODE } from './products-constants.js';
import * as P from './products.js';

import { API_ENDPOINTS as E } from './endpoints.js';
import { codes, type ApiDef } from './api-def.js';

/** Map products: the make-product page's code. */
const PRODUCTS = codes(PRODUCT_CODE);

/** Map products (docs/products.md#calls). */
export const PRODUCTS_API = {
  // ---- map products (docs/products.md#calls) ----
  productTemplateList: {
    ...E.productTemplateList,
    access: PRODUCTS,
    summary: "Product templates of the caller's customer (the seeded one first)",
    data: z.array(P.ProductTemplate),
  },
  productTemplateSave: {
    ...E.productTemplateSave,
    access: PRODUCTS,
    summary: 'Create a template (no id) or update one (id, version): placeholders, colours, boundary layers and logo checked',
    body: P.ProductTemplateSave,
    data: P.ProductTemplate,
  },
  productTemplateDelete: {
    ...E.productTemplateDelete,
    access: PRODUCTS,
    summary: 'Delete a template (the last one of the customer stays)',
    body: P.ProductTemplateDelete,
    data: z.null(),
  },
  productPreview: {
    ...E.productPreview,
    access: PRODUCTS,
    raw: true,
    body: P.ProductPreviewBody,
    data: z.null(),
    summary: 'A PNG of the product at screen resolution, made at once (a series: its first lead); nothing is stored',
  },
  productMake: {
    ...E.productMake,
    access: PRODUCTS,
    summary: 'Make a product (PNG and PDF; a series one per lead) as a job; the files join the downloads library',
    body: P.ProductMakeBody,
    data: P.ProductMakeResult,
  },
  productPage: {
    ...E.productPage,
    access: PRODUCTS,
    summary: "Products of the caller's customer, newest first, with status, progress and files",
    query: P.ProductPageQuery,
    data: P.ProductPage,
  },
  productInfo: {
    ...E.productInfo,
    access: PRODUCTS,
    summary: 'One product with status, progress and files',
    query: P.MapProductIdQuery,
    data: P.MapProduct,
  },
  productFile: {
    ...E.productFile,
    access: PRODUCTS,
    raw: true,
    query: P.ProductFileQuery,
    data: z.null(),
    summary: "One made file: a product item's PNG or PDF (attachment)",
  },
  productScheduleList: {
    ...E.productScheduleList,
    access: PRODUCTS,
    summary: "Product schedules of the caller's customer (products made without anyone clicking), with their last run",
    data: z.array(P.ProductSchedule),
  },
  productScheduleSave: {
    ...E.productScheduleSave,
    access: PRODUCTS,
    summary: 'Create a schedule (no id) or update one (id, version): template, forecast without its run, new-run or daily trigger',
    body: P.ProductScheduleSave,
    data: P.ProductSchedule,
  },
  productScheduleDelete: {
    ...E.productScheduleDelete,
    access: PRODUCTS,
    summary: 'Delete a schedule (the products it made stay)',
    body: P.ProductScheduleDelete,
    data: z.null(),
  },
} as const satisfies Record<string, ApiDef>;
