import { replace, type LoaderFunctionArgs } from 'react-router';
import { clearSession, getToken } from '../../lib/auth-storage';
import { toastError } from '../../lib/feedback';
import { i18n } from '../../lib/i18n';
import { ApiError } from '../../lib/request';
import { RolesError, useUserStore } from '../../stores/user';
import { decideNavigation, HOME_PATH, LOGIN_PATH } from './decide-navigation';

function currentRoles(): readonly string[] | null {
  const s = useUserStore.getState();
  return s.infoLoaded ? s.roles : null;
}

/**
 * Loader of the root route: runs before every navigation (shouldRevalidate → true) and either
 * lets it through or redirects (replacing the history entry).
 */
export async function accessGuardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const input = { path: url.pathname, search: url.search };
  let decision = decideNavigation({ ...input, hasToken: Boolean(getToken()), roles: currentRoles() });

  if (decision.type === 'load-info') {
    try {
      await useUserStore.getState().getInfo();
    } catch (err) {
      // A request that never got an answer (the page unloading mid-request, a dropped network) says nothing about the
      // session: keep it, and let the route's error page offer a retry. Clearing it signed a user out when they
      // navigated while the console was still loading.
      if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout')) throw err;
      clearSession();
      if (err instanceof RolesError) {
        toastError(err.message);
        throw replace(LOGIN_PATH);
      }
      // The request client has already shown server and transport errors.
      if (!(err instanceof ApiError && err.notified)) {
        toastError(err instanceof Error && err.message ? err.message : i18n.t('user.infoMissing'));
      }
      throw replace(HOME_PATH);
    }
    decision = decideNavigation({ ...input, hasToken: Boolean(getToken()), roles: currentRoles() ?? [] });
  }

  if (decision.type === 'redirect') throw replace(decision.to);
  return null;
}

/** The guard must see every navigation, not only those that change the root's params. */
export function guardShouldRevalidate(): boolean {
  return true;
}
