import { createContext, useContext } from 'react';

/**
 * The tab view a page is rendered in. Kept-alive pages stay mounted while other pages show, so
 * they read their own path and title here rather than from the router's current location.
 */
export interface CurrentView {
  /** location.pathname of the view */
  path: string;
  /** i18n key under `route.` */
  title: string;
}

export const CurrentViewContext = createContext<CurrentView | null>(null);

export function useCurrentView(): CurrentView | null {
  return useContext(CurrentViewContext);
}
