import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<path>?<query>: replaces itself with /<path>?<query>, re-mounting that view. */
export function RedirectView() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
