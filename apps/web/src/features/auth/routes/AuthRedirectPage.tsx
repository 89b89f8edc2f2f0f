import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { storeAccessToken, storeTokens } from '../../../lib/auth-storage';
import { useUserStore } from '../../../stores/user';
import { readHandoff } from '../utils/handoff';

/** /auth-redirect: takes a token handed over in the query or hash, then goes to `/`. */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const { search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const handoff = readHandoff(search, hash);
    if (handoff) {
      if (handoff.refreshToken && handoff.expired !== undefined) {
        storeTokens({ access_token: handoff.accessToken, refresh_token: handoff.refreshToken, expired: handoff.expired });
      } else {
        storeAccessToken(handoff.accessToken);
      }
      // A new session: user info must be fetched again.
      useUserStore.setState({ infoLoaded: false, roles: [] });
    }
    void navigate('/', { replace: true });
  }, [search, hash, navigate]);

  return (
    <p role="status" style={{ padding: 24 }}>
      {t('common.redirecting')}
    </p>
  );
}
