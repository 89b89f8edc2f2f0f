import { APP_ROUTES, filterRoutes } from '@agromet/contracts/web';
import { useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import { buildMenu } from './menu-model';
import { SIDEBAR_MIN_WIDTH, sidebarWidth, type MenuLabel } from './sidebar-width';

let canvas: HTMLCanvasElement | undefined;

/** Text widths in the font a menu label is drawn in (read from a drawn label; antd's 14 px before the first draw). */
function textMeasure(): (text: string) => number {
  const ctx = (canvas ??= document.createElement('canvas')).getContext('2d');
  if (!ctx) return () => 0;
  const drawn = document.querySelector('.sidebar-menu .sidebar-label');
  const style = getComputedStyle(drawn ?? document.body);
  ctx.font = drawn ? style.font : `14px ${style.fontFamily}`;
  return (text) => ctx.measureText(text).width;
}

/** The sidebar's width for the user's menu in the current language (see sidebar-width.ts). */
export function useSidebarWidth(): number {
  const { t, i18n } = useTranslation();
  const roles = useUserStore((s) => s.roles);
  const labels = useMemo<MenuLabel[]>(
    () =>
      buildMenu(filterRoutes(APP_ROUTES, roles)).flatMap((entry) => [
        { text: t(`route.${entry.title}`), depth: 0 as const },
        ...(entry.children ?? []).map((child) => ({ text: t(`route.${child.title}`), depth: 1 as const })),
      ]),
    // i18n.language: the same `t` may answer in another language after a switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [roles, t, i18n.language],
  );
  const [width, setWidth] = useState(SIDEBAR_MIN_WIDTH);
  useLayoutEffect(() => {
    setWidth(sidebarWidth(labels, textMeasure()));
    // Measured again once the page's fonts are in: a fallback font's widths differ.
    let current = true;
    void document.fonts?.ready.then(() => current && setWidth(sidebarWidth(labels, textMeasure())));
    return () => {
      current = false;
    };
  }, [labels]);
  return width;
}
