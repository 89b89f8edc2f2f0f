import { API, PERMISSION_CODES, type ApiDef } from '@agromet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/core/auth/password.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertUser } from './revise-helpers.js';

/** The codes of the forecast desk: revising, submitting, recovering and allocating forecasts. */
const FORECAST_EDITORS = [
  'admin',
  'revise.point.admin',
  'revise.polygon.admin',
  'revise.recovery.admin',
  'revise.submit.admin',
  'revise.allocation.admin',
];
/** The codes that read grids (the map, its WMS, grid exports and jobs): the forecast desk and the grid products. */
const GRID_READERS = [
  ...FORECAST_EDITORS,
  'make.product.admin',
  'make.risk.admin',
  'quhua.make.admin',
  'quhua.criteria.admin',
  'quhua.result.admin',
  'serviceproducts.all.admin',
];
/** The codes of climate zoning: making, criteria and results. */
const ZONING_USERS = ['admin', 'quhua.make.admin', 'quhua.criteria.admin', 'quhua.result.admin'];
/** The codes of the WeChat official account. */
const WECHAT_USERS = [
  'admin',
  'wx-mp-manage.account.admin',
  'wx-mp-manage.wxuser.admin',
  'wx-mp-manage.menu.admin',
  'wx-mp-manage.material.admin',
  'wx-mp-manage.send.admin',
  'wx-mp-manage.send.approve',
];

/**
 * Every route, called without a token and as a user holding each single permission code, against the expectation
 * written out below (not derived from the access rules the guard enforces, so a changed rule fails here). Guards run
 * before validation, so an allowed caller with an empty body gets past them (any answer but 4000/4003), and a refused
 * one gets 4003 whatever the body. A route missing from the table fails too: new routes are added here on purpose.
 *
 * 'public': anyone; 'any user': any signed-in user; 'platform': only the platform (of single codes, `admin`);
 * a list: the codes that pass (`admin` always does).
 */
const EXPECTED: Record<string, 'public' | 'any user' | 'platform' | string[]> = {
  health: 'public', // GET /api/health
  healthReady: 'public', // GET /api/health/ready
  healthLive: 'public', // GET /api/health/live
  branding: 'public', // GET /api/login/branding
  login: 'public', // POST /api/login/login
  customerContext: ['admin', 'osm.customer.admin'], // POST /api/user/customerContext
  logout: 'any user', // POST /api/login/logout
  refresh: 'public', // POST /api/login/refresh
  userInfo: 'any user', // GET /api/user/info
  userRids: ['admin', 'sys.user.admin'], // GET /api/user/:id/rids
  changePassword: 'any user', // POST /api/user/changePassword
  setting: 'any user', // POST /api/user/setting
  upload: 'any user', // POST /api/file/upload
  customerPage: ['admin', 'sys.customer.admin', 'osm.customer.admin'], // GET /api/customer/page
  customerGet: ['admin', 'sys.customer.admin', 'osm.customer.admin'], // GET /api/customer/:id
  customerOptions: ['admin', 'sys.customer.admin', 'osm.customer.admin', 'sys.user.admin', 'sys.role.admin', 'sys.log.view'], // GET /api/customer/options
  customerAdd: ['admin', 'osm.customer.admin'], // POST /api/customer/add
  customerUpdate: ['admin', 'sys.customer.admin', 'osm.customer.admin'], // POST /api/customer/update
  customerDelete: ['admin', 'osm.customer.admin'], // POST /api/customer/delete
  customerEntitlements: ['admin', 'osm.customer.admin'], // POST /api/customer/entitlements
  userPage: ['admin', 'sys.user.admin'], // GET /api/user/page
  userAdd: ['admin', 'sys.user.admin'], // POST /api/user/add
  userUpdate: ['admin', 'sys.user.admin'], // POST /api/user/update
  userEnable: ['admin', 'sys.user.admin'], // POST /api/user/enable
  userResetPassword: ['admin', 'sys.user.admin'], // POST /api/user/resetPassword
  userDelete: ['admin', 'sys.user.admin'], // POST /api/user/delete
  rolePage: ['admin', 'sys.role.admin'], // GET /api/role/page
  roleOptions: ['admin', 'sys.role.admin', 'sys.user.admin'], // GET /api/role/options
  roleGrantable: ['admin', 'sys.role.admin', 'sys.user.admin'], // GET /api/role/grantable
  roleAdd: ['admin', 'sys.role.admin'], // POST /api/role/add
  roleUpdate: ['admin', 'sys.role.admin'], // POST /api/role/update
  roleDelete: ['admin', 'sys.role.admin'], // POST /api/role/delete
  permissionPage: ['admin', 'sys.permission.admin'], // GET /api/permission/page
  permissionAll: ['admin', 'sys.permission.admin', 'sys.role.admin', 'osm.customer.admin'], // GET /api/permission/all
  permissionAdd: 'platform', // POST /api/permission/add
  permissionUpdate: 'platform', // POST /api/permission/update
  permissionDelete: 'platform', // POST /api/permission/delete
  logPage: ['admin', 'sys.log.view'], // GET /api/log/page
  logGet: ['admin', 'sys.log.view'], // GET /api/log/:id
  gridCatalog: GRID_READERS, // GET /api/grid/catalog
  latticePoints: GRID_READERS, // GET /api/lattice/getPoint
  gisAll: GRID_READERS, // GET /api/gis/all
  gisCountries: 'public', // GET /api/gis/offline/countries.json
  gisProvinces: 'public', // GET /api/gis/offline/provinces.json
  gridImport: ['admin', 'revise.submit.admin'], // POST /api/grid/import
  gridExport: GRID_READERS, // GET /api/grid/export
  gridMeteogram: GRID_READERS, // GET /api/grid/meteogram
  jobRecent: 'any user', // GET /api/job/recent
  jobGet: GRID_READERS, // GET /api/job/:id
  logExport: ['admin', 'sys.log.view'], // GET /api/log/export
  stationInsert: ['admin', 'revise.point.admin'], // POST /api/station/insertStation
  stationList: ['admin', 'revise.point.admin'], // GET /api/station/findByUidStation
  stationUpdate: ['admin', 'revise.point.admin'], // POST /api/station/updateStation
  stationDelete: ['admin', 'revise.point.admin'], // POST /api/station/deleteStation
  stationExport: ['admin', 'revise.point.admin'], // GET /api/station/export
  stationImport: ['admin', 'revise.point.admin'], // POST /api/station/import
  forecastTypes: FORECAST_EDITORS, // GET /api/forecasr/findForevast
  forecastTypesOfUser: FORECAST_EDITORS, // GET /api/forecasr/findByUserForevast
  allocationInsert: ['admin', 'revise.allocation.admin'], // GET /api/forecasr/insertAllocation
  allocationDelete: ['admin', 'revise.allocation.admin'], // GET /api/forecasr/deleteAllocation
  allocationMatrix: ['admin', 'revise.allocation.admin'], // GET /api/forecasr/allocations
  factorList: FORECAST_EDITORS, // GET /api/factor/getFactor
  reviseData: ['admin', 'revise.point.admin', 'revise.polygon.admin'], // GET /api/forecaster/getData
  reviseGrid: ['admin', 'revise.point.admin', 'revise.polygon.admin'], // GET /api/forecaster/getGrid
  revisePoint: ['admin', 'revise.point.admin'], // POST /api/revise/pointRevise
  revisePolygon: ['admin', 'revise.polygon.admin'], // POST /api/revise/polygonRevise
  reviseSubmit: ['admin', 'revise.submit.admin'], // POST /api/revise/submit
  consistencyCheck: ['admin', 'revise.point.admin', 'revise.polygon.admin', 'revise.submit.admin'], // GET /api/revise/consistency
  consistencyFix: ['admin', 'revise.point.admin', 'revise.polygon.admin'], // POST /api/revise/consistencyFix
  fileStateList: ['admin', 'revise.submit.admin'], // GET /api/filestate/findByUserFile
  fileStateDownload: ['admin', 'revise.submit.admin'], // GET /api/filestate/download
  fileStateZip: ['admin', 'revise.submit.admin'], // GET /api/filestate/zip
  recordList: ['admin', 'revise.recovery.admin'], // GET /api/record/findByRecord
  recordDetail: ['admin', 'revise.recovery.admin'], // GET /api/record/detail
  recordPatch: ['admin', 'revise.recovery.admin', 'revise.point.admin', 'revise.polygon.admin'], // GET /api/record/patch
  recordRecovery: ['admin', 'revise.recovery.admin'], // GET /api/record/recovery
  gisBoundaryList: [...GRID_READERS, 'sys.customer.admin'], // GET /api/gis/boundaries
  gisBoundaryUpload: ['admin', 'revise.polygon.admin', 'sys.customer.admin'], // POST /api/gis/boundary/upload
  gisBoundaryGet: GRID_READERS, // GET /api/gis/boundary/:id
  gisBoundaryDelete: ['admin', 'revise.polygon.admin', 'sys.customer.admin'], // POST /api/gis/boundary/delete
  cropAll: ZONING_USERS, // GET /api/crop/all
  cropAdd: ['admin', 'quhua.criteria.admin'], // POST /api/crop/add
  cropUpdate: ['admin', 'quhua.criteria.admin'], // POST /api/crop/update
  cropDelete: ['admin', 'quhua.criteria.admin'], // POST /api/crop/delete
  cropCalendarAll: ZONING_USERS, // GET /api/cropCalendar/all
  cropCalendarAdd: ['admin', 'quhua.criteria.admin'], // POST /api/cropCalendar/add
  cropCalendarUpdate: ['admin', 'quhua.criteria.admin'], // POST /api/cropCalendar/update
  cropCalendarDelete: ['admin', 'quhua.criteria.admin'], // POST /api/cropCalendar/delete
  criterionAllByCrop: ZONING_USERS, // GET /api/qhCriterion/allByCrop
  criterionPage: ZONING_USERS, // GET /api/qhCriterion/page
  criterionGet: ZONING_USERS, // GET /api/qhCriterion/queryIndex
  criterionAdd: ['admin', 'quhua.criteria.admin'], // POST /api/qhCriterion/add
  criterionUpdate: ['admin', 'quhua.criteria.admin'], // POST /api/qhCriterion/update
  criterionDelete: ['admin', 'quhua.criteria.admin'], // POST /api/qhCriterion/deleteCriteria
  baseFactorAll: ZONING_USERS, // GET /api/baseWeatherFactor/allFactorAndAltitude
  baseFactorHistogram: ZONING_USERS, // GET /api/baseWeatherFactor/histogram
  baseFactorGrid: ZONING_USERS, // GET /api/baseWeatherFactor/grid
  baseFactorNormals: ['admin', 'quhua.criteria.admin'], // GET /api/baseWeatherFactor/normals
  baseFactorImportNormals: ['admin', 'quhua.criteria.admin'], // POST /api/baseWeatherFactor/importNormals
  baseFactorImportGrid: ['admin', 'quhua.criteria.admin'], // POST /api/baseWeatherFactor/importGrid
  zoningExecute: ['admin', 'quhua.make.admin'], // POST /api/quhua/execute
  zoningRunning: ['admin', 'quhua.make.admin'], // GET /api/quhua/queryproucting
  zoningProduct: ['admin', 'quhua.make.admin', 'quhua.result.admin'], // GET /api/quhua/product
  zoningProductPage: ['admin', 'quhua.make.admin', 'quhua.result.admin'], // GET /api/quhua/allByCrop
  zoningQuery: ['admin', 'quhua.make.admin', 'quhua.result.admin'], // POST /api/quhua/querydata
  zoningDelete: ['admin', 'quhua.result.admin'], // POST /api/quhua/delete
  zoningDownload: ['admin', 'quhua.make.admin', 'quhua.result.admin'], // GET /api/quhua/down
  regionOptions: ['admin', 'basedata.disastersituation.admin', 'travel.scenicspot.admin'], // GET /api/region/options
  regionAt: ['admin', 'basedata.disastersituation.admin', 'travel.scenicspot.admin'], // GET /api/region/at
  sandstormFind: ['admin', 'basedata.disastersituation.admin'], // GET /api/sandstorm/findByCode
  sandstormInsert: ['admin', 'basedata.disastersituation.admin'], // POST /api/sandstorm/insert
  sandstormUpdate: ['admin', 'basedata.disastersituation.admin'], // POST /api/sandstorm/update
  sandstormDelete: ['admin', 'basedata.disastersituation.admin'], // GET /api/sandstorm/deleteById
  sandstormStatistics: ['admin', 'basedata.disastersituation.admin'], // GET /api/sandstorm/statistics
  sandstormExport: ['admin', 'basedata.disastersituation.admin'], // GET /api/sandstorm/export
  sandstormImport: ['admin', 'basedata.disastersituation.admin'], // POST /api/sandstorm/import
  travelSpotPage: ['admin', 'travel.scenicspot.admin'], // GET /api/travel/spot/page
  travelSpotInsert: ['admin', 'travel.scenicspot.admin'], // POST /api/travel/spot/insert
  travelSpotUpdate: ['admin', 'travel.scenicspot.admin'], // POST /api/travel/spot/update
  travelSpotDelete: ['admin', 'travel.scenicspot.admin'], // GET /api/travel/spot/deleteById
  travelCommentPage: ['admin', 'travel.scenicspot.admin'], // GET /api/travel/comment/page
  travelCommentModerate: ['admin', 'travel.scenicspot.admin'], // POST /api/travel/comment/moderate
  travelSensitiveWords: ['admin', 'travel.scenicspot.admin'], // GET /api/travel/sensitiveWords
  travelSensitiveWordsSave: ['admin', 'travel.scenicspot.admin'], // POST /api/travel/sensitiveWords/save
  travelLandscapePage: ['admin', 'travel.scenicspot.admin'], // GET /api/travel/landscape/page
  travelLandscapeInsert: ['admin', 'travel.scenicspot.admin'], // POST /api/travel/landscape/insert
  travelLandscapeUpdate: ['admin', 'travel.scenicspot.admin'], // POST /api/travel/landscape/update
  travelLandscapeDelete: ['admin', 'travel.scenicspot.admin'], // GET /api/travel/landscape/deleteById
  travelGreenwayPage: ['admin', 'travel.scenicspot.admin'], // GET /api/travel/greenway/page
  travelGreenwayInsert: ['admin', 'travel.scenicspot.admin'], // POST /api/travel/greenway/insert
  travelGreenwayUpdate: ['admin', 'travel.scenicspot.admin'], // POST /api/travel/greenway/update
  travelGreenwayDelete: ['admin', 'travel.scenicspot.admin'], // GET /api/travel/greenway/deleteById
  travelRoutePage: ['admin', 'travel.scenicspot.admin'], // GET /api/travel/route/page
  travelRouteInsert: ['admin', 'travel.scenicspot.admin'], // POST /api/travel/route/insert
  travelRouteUpdate: ['admin', 'travel.scenicspot.admin'], // POST /api/travel/route/update
  travelRouteDelete: ['admin', 'travel.scenicspot.admin'], // GET /api/travel/route/deleteById
  travelWeather: ['admin', 'travel.scenicspot.admin'], // GET /api/travel/weather
  wxAccountList: WECHAT_USERS, // GET /api/wx/account/list
  wxAccountInsert: ['admin', 'wx-mp-manage.account.admin'], // POST /api/wx/account/insert
  wxAccountUpdate: ['admin', 'wx-mp-manage.account.admin'], // POST /api/wx/account/update
  wxAccountDelete: ['admin', 'wx-mp-manage.account.admin'], // GET /api/wx/account/deleteById
  wxAccountTest: ['admin', 'wx-mp-manage.account.admin'], // POST /api/wx/account/test
  wxFollowerSync: ['admin', 'wx-mp-manage.wxuser.admin', 'wx-mp-manage.account.admin'], // POST /api/wx/follower/sync
  wxFollowerPage: ['admin', 'wx-mp-manage.wxuser.admin', 'wx-mp-manage.account.admin'], // GET /api/wx/follower/page
  wxFollowerRemark: ['admin', 'wx-mp-manage.wxuser.admin', 'wx-mp-manage.account.admin'], // POST /api/wx/follower/remark
  wxMenuGet: ['admin', 'wx-mp-manage.menu.admin'], // GET /api/wx/menu/get
  wxMenuSave: ['admin', 'wx-mp-manage.menu.admin'], // POST /api/wx/menu/save
  wxMenuPublish: ['admin', 'wx-mp-manage.menu.admin'], // POST /api/wx/menu/publish
  wxMenuCurrent: ['admin', 'wx-mp-manage.menu.admin'], // GET /api/wx/menu/current
  wxSendPage: ['admin', 'wx-mp-manage.send.admin', 'wx-mp-manage.send.approve'], // GET /api/wx/send/page
  wxSendCreate: ['admin', 'wx-mp-manage.send.admin'], // POST /api/wx/send/create
  wxSendPreview: ['admin', 'wx-mp-manage.send.admin'], // POST /api/wx/send/preview
  wxSendApprove: ['admin', 'wx-mp-manage.send.approve'], // POST /api/wx/send/approve
  wxSendReject: ['admin', 'wx-mp-manage.send.approve'], // POST /api/wx/send/reject
  wxSendRetry: ['admin', 'wx-mp-manage.send.admin', 'wx-mp-manage.send.approve'], // POST /api/wx/send/retry
  wxSendRefresh: ['admin', 'wx-mp-manage.send.admin', 'wx-mp-manage.send.approve'], // POST /api/wx/send/refresh
  wxSendArticles: ['admin', 'wx-mp-manage.send.admin'], // GET /api/wx/send/articles
  wxTags: WECHAT_USERS, // GET /api/wx/tags
  wxMediaPage: ['admin', 'wx-mp-manage.material.admin'], // GET /api/wx/media/page
  wxMediaUpload: ['admin', 'wx-mp-manage.material.admin'], // POST /api/wx/media/upload
  wxMediaDelete: ['admin', 'wx-mp-manage.material.admin'], // GET /api/wx/media/deleteById
  wxMediaFile: ['admin', 'wx-mp-manage.material.admin'], // GET /api/wx/media/file/:id
  wxCallbackVerify: 'public', // GET /api/wx/callback/:accountId
  wxCallbackPush: 'public', // POST /api/wx/callback/:accountId
  publicTravelSpots: 'public', // GET /api/public/travel/spots
  publicTravelComments: 'public', // GET /api/public/travel/comments
  publicTravelCommentAdd: 'public', // POST /api/public/travel/comments
  articlePage: ['admin', 'serviceproducts.all.admin', 'serviceproducts.all.approve'], // GET /api/article/page
  articleDetail: ['admin', 'serviceproducts.all.admin', 'serviceproducts.all.approve'], // GET /api/article/detail
  articleAdd: ['admin', 'serviceproducts.all.admin'], // POST /api/article/add
  articleUpdate: ['admin', 'serviceproducts.all.admin'], // POST /api/article/update
  articleSubmit: ['admin', 'serviceproducts.all.admin'], // POST /api/article/submit
  articleApprove: ['admin', 'serviceproducts.all.approve'], // POST /api/article/approve
  articleReturn: ['admin', 'serviceproducts.all.approve'], // POST /api/article/return
  articlePublish: ['admin', 'serviceproducts.all.approve'], // POST /api/article/publish
  articleRevise: ['admin', 'serviceproducts.all.admin'], // POST /api/article/revise
  articleDuplicate: ['admin', 'serviceproducts.all.admin'], // POST /api/article/duplicate
  articleDelete: ['admin', 'serviceproducts.all.admin'], // POST /api/article/delete
  articleHistory: ['admin', 'serviceproducts.all.admin', 'serviceproducts.all.approve'], // GET /api/article/history
  articlePdf: ['admin', 'serviceproducts.all.admin', 'serviceproducts.all.approve'], // GET /api/article/pdf
  articleKinds: ['admin', 'serviceproducts.all.admin', 'serviceproducts.all.approve'], // GET /api/article/kinds
  articleKindSave: ['admin', 'serviceproducts.all.admin'], // POST /api/article/kind/save
  articleNextIssue: ['admin', 'serviceproducts.all.admin'], // GET /api/article/nextIssue
  articleLibraryImage: ['admin', 'serviceproducts.all.admin'], // POST /api/article/libraryImage
  articleLibraryImages: ['admin', 'serviceproducts.all.admin'], // GET /api/article/libraryImages
  articleKindDelete: ['admin', 'serviceproducts.all.admin'], // POST /api/article/kind/delete
  articlePlatforms: ['admin', 'serviceproducts.all.admin', 'serviceproducts.all.approve'], // GET /api/article/platforms
  articlePlatformSave: ['admin', 'serviceproducts.all.admin'], // POST /api/article/platform/save
  articlePlatformDelete: ['admin', 'serviceproducts.all.admin'], // POST /api/article/platform/delete
  articleAttachmentUpload: ['admin', 'serviceproducts.all.admin'], // POST /api/article/attachment/upload
  articleAttachmentDelete: ['admin', 'serviceproducts.all.admin'], // POST /api/article/attachment/delete
  articleAttachment: ['admin', 'serviceproducts.all.admin', 'serviceproducts.all.approve'], // GET /api/article/attachment
  articlePublic: 'public', // GET /api/public/articles/:id
  productTemplateList: ['admin', 'make.product.admin'], // GET /api/product/template/list
  productTemplateSave: ['admin', 'make.product.admin'], // POST /api/product/template/save
  productTemplateDelete: ['admin', 'make.product.admin'], // POST /api/product/template/delete
  productPreview: ['admin', 'make.product.admin'], // POST /api/product/preview
  productMake: ['admin', 'make.product.admin'], // POST /api/product/make
  productPage: ['admin', 'make.product.admin'], // GET /api/product/page
  productInfo: ['admin', 'make.product.admin'], // GET /api/product/info
  productFile: ['admin', 'make.product.admin'], // GET /api/product/file
  productScheduleList: ['admin', 'make.product.admin'], // GET /api/product/schedule/list
  productScheduleSave: ['admin', 'make.product.admin'], // POST /api/product/schedule/save
  productScheduleDelete: ['admin', 'make.product.admin'], // POST /api/product/schedule/delete
  riskHazardAll: ['admin', 'make.risk.admin'], // GET /api/risk/hazard/all
  riskHazardAdd: ['admin', 'make.risk.admin'], // POST /api/risk/hazard/add
  riskHazardUpdate: ['admin', 'make.risk.admin'], // POST /api/risk/hazard/update
  riskHazardDelete: ['admin', 'make.risk.admin'], // POST /api/risk/hazard/delete
  riskExposures: ['admin', 'make.risk.admin'], // GET /api/risk/exposures
  riskCrops: ['admin', 'make.risk.admin'], // GET /api/risk/crops
  riskExecute: ['admin', 'make.risk.admin'], // POST /api/risk/execute
  riskRunning: ['admin', 'make.risk.admin'], // GET /api/risk/running
  riskProduct: ['admin', 'make.risk.admin'], // GET /api/risk/product
  riskProductPage: ['admin', 'make.risk.admin'], // GET /api/risk/page
  riskDelete: ['admin', 'make.risk.admin'], // POST /api/risk/delete
  downloadPage: ['admin', 'make.risk.admin'], // GET /api/download/page
  downloadFile: ['admin', 'make.risk.admin'], // GET /api/download/file
  downloadPreview: ['admin', 'make.risk.admin'], // GET /api/download/preview
  downloadZip: ['admin', 'make.risk.admin'], // POST /api/download/zip
  downloadDelete: ['admin', 'make.risk.admin'], // POST /api/download/delete
  stationTable: ['admin', 'make.risk.admin'], // GET /api/download/stationTable
  stationTableExport: ['admin', 'make.risk.admin'], // POST /api/download/stationTable/export
};
let t: TestApp;
const tokens = new Map<string, string>();
const PASSWORD = 'Matrix-Pass-1';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db.db;
  const customer = await db.selectFrom('customer').select('id').where('is_platform', '=', 1).executeTakeFirstOrThrow();
  const hash = await hashPassword(PASSWORD, 10);
  for (const code of PERMISSION_CODES)
    await insertUser(db, customer.id, `m-${code}`, [code], { name: code, passwordHash: hash, roleName: `only ${code}` });
});
afterAll(async () => {
  await t.close();
});

async function tokenFor(code: string): Promise<string> {
  if (!tokens.has(code)) tokens.set(code, (await t.login(`m-${code}`, PASSWORD, `10.9.${PERMISSION_CODES.indexOf(code)}.1`)).access_token);
  return tokens.get(code)!;
}

function urlOf(def: ApiDef): string {
  return def.url.replace(/:(\w+)/g, '999999');
}

/** The matrix calls with another user's id (999999), so self-or-codes routes need the codes. */
function allowed(name: string, code: string): boolean {
  const rule = EXPECTED[name]!;
  if (rule === 'public' || rule === 'any user') return true;
  if (rule === 'platform') return code === 'admin';
  return rule.includes(code);
}

// Logout ends the caller's session, so it is called last with throw-away sessions.
const routes = Object.entries(API as Record<string, ApiDef>).sort(([a], [b]) => Number(a === 'logout') - Number(b === 'logout'));

describe('authorisation matrix', () => {
  it('lists every route of the API table, and only those', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(API).sort());
  });

  it.each(routes)('%s without a token', async (name, def) => {
    const res = await t.app.inject({ method: def.method, url: urlOf(def), payload: def.method === 'GET' ? undefined : {} });
    const code = res.json().code as number;
    if (EXPECTED[name] === 'public') expect(code).not.toBe(4000);
    else {
      expect(code).toBe(4000);
      expect(res.statusCode).toBe(401);
    }
  });

  it.each(routes)('%s as each single permission code', async (name, def) => {
    const answers: Record<string, number> = {};
    for (const code of PERMISSION_CODES) {
      const token = name === 'logout' ? (await t.login(`m-${code}`, PASSWORD, '10.8.0.1')).access_token : await tokenFor(code);
      const res = await t.app.inject({
        method: def.method,
        url: urlOf(def),
        headers: { authorization: `Bearer ${token}` },
        payload: def.method === 'GET' ? undefined : {},
      });
      answers[code] = def.raw && res.statusCode === 200 ? 0 : (res.json().code as number);
    }
    const expected = Object.fromEntries(PERMISSION_CODES.map((code) => [code, allowed(name, code) ? 'passes' : 4003]));
    const actual = Object.fromEntries(
      Object.entries(answers).map(([code, c]) => [code, c === 4003 || c === 4000 || c === 4002 ? c : 'passes']),
    );
    expect(actual).toEqual(expected);
  });
});

describe('map images and files (token in the query)', () => {
  it('WMS capabilities: no token is refused; each code passes exactly when it reads grids', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/wms?SERVICE=WMS&REQUEST=GetCapabilities' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toContain('NotAuthorized');
    const passes: string[] = [];
    for (const code of PERMISSION_CODES) {
      const token = await tokenFor(code);
      const res = await t.app.inject({ method: 'GET', url: `/api/wms?SERVICE=WMS&REQUEST=GetCapabilities&token=${token}` });
      if (res.statusCode === 200 && !res.body.includes('NotAuthorized')) passes.push(code);
    }
    expect(passes.sort()).toEqual([...GRID_READERS].sort());
  });

  it('files are public by their unguessable path (logos show on the login page): with or without a token, a missing one is 4004', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/files/missing.png' });
    expect(anonymous.json().code).toBe(4004);
    const token = await tokenFor('sys.log.view');
    const res = await t.app.inject({ method: 'GET', url: `/api/files/missing.png?token=${token}` });
    expect(res.json().code).toBe(4004);
  });
});
