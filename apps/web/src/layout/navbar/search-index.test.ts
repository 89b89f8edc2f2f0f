import { APP_ROUTES, filterRoutes } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../lib/i18n/locales/en';
import zh from '../../lib/i18n/locales/zh';
import { createSearchIndex, MAX_PATTERN_LENGTH, searchEntries, searchPages } from './search-index';

const zhTitle = (key: string) => (zh.route as Record<string, string>)[key] ?? key;
const enTitle = (key: string) => (en.route as Record<string, string>)[key] ?? key;

describe('header search', () => {
  it('indexes the visible pages with their group titles', () => {
    const entries = searchEntries(filterRoutes(APP_ROUTES, ['admin']), zhTitle);
    expect(entries).toContainEqual({ path: '/system-admin/sys-user', title: '系统管理 > 用户管理' });
    expect(entries).toContainEqual({ path: '/service-products', title: '服务产品' });
    expect(entries).toContainEqual({ path: '/dashboard', title: '首页' });
  });

  it('finds pages by title and by path', () => {
    const index = createSearchIndex(searchEntries(filterRoutes(APP_ROUTES, ['admin']), zhTitle));
    expect(searchPages(index, '用户管理')[0]!.path).toBe('/system-admin/sys-user');
    expect(searchPages(index, 'sys-log')[0]!.path).toBe('/system-admin/sys-log');
    expect(searchPages(index, '   ')).toEqual([]);
  });

  it('searches in the current language', () => {
    const index = createSearchIndex(searchEntries(filterRoutes(APP_ROUTES, ['admin']), enTitle));
    expect(searchPages(index, 'Users')[0]!.title).toBe(`${en.route.systemAdmin} > ${en.route.sysUser}`);
  });

  it('only offers permitted pages', () => {
    const index = createSearchIndex(searchEntries(filterRoutes(APP_ROUTES, ['travel.scenicspot.admin']), zhTitle));
    expect(searchPages(index, '用户管理')).toEqual([]);
    expect(searchPages(index, '景区')[0]!.path).toBe('/travel-manage/travel-scenic');
  });

  it('cuts long patterns', () => {
    const index = createSearchIndex(searchEntries(filterRoutes(APP_ROUTES, ['admin']), zhTitle));
    expect(searchPages(index, 'x'.repeat(MAX_PATTERN_LENGTH * 4))).toEqual([]);
  });
});
