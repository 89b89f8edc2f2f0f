// @vitest-environment jsdom
import Cookies from 'js-cookie';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedback-spies')).feedbackSpies());

const feedback = await import('../../lib/feedback');
const { accessGuardLoader } = await import('./access-guard');
const { useUserStore } = await import('../../stores/user');
const { BRANDING_STORAGE_KEY } = await import('../../lib/branding-storage');

const BRANDING = { sysName: '测试气象台', logo: '', centerLat: 30, centerLon: 110, zoom: 7 };
const info = (roles: unknown) => ({
  id: 1,
  username: 'zhang',
  name: '张三',
  avatar: '',
  introduction: '',
  email: '',
  mobile: '',
  roles,
  customer: '测试客户',
  customerId: 2,
  setting: { articlePlatform: [] },
  branding: BRANDING,
});

function respond(code: number, data: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code, msg: code ? 'failed' : 'success', data }), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Runs the loader; the redirect target (Location) or 'allow'. */
async function guard(path: string): Promise<string> {
  try {
    await accessGuardLoader({ request: new Request(`http://localhost${path}`), params: {} } as unknown as LoaderFunctionArgs);
    return 'allow';
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location') ?? '?';
    throw thrown;
  }
}

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
  useUserStore.setState({ token: '', infoLoaded: false, roles: [], name: '' });
  vi.clearAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

describe('accessGuardLoader', () => {
  it('sends a visitor without a token to the login page with the target', async () => {
    const fetchMock = respond(0, null);
    expect(await guard('/system-admin/sys-log?page=2')).toBe('/login?redirect=%2Fsystem-admin%2Fsys-log%3Fpage%3D2');
    expect(await guard('/login')).toBe('allow');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads user info once, remembers the branding, then applies the roles', async () => {
    Cookies.set('Access-Token', 'tok');
    const fetchMock = respond(0, info(['sys.log.view']));
    expect(await guard('/system-admin/sys-log')).toBe('allow');
    expect(useUserStore.getState()).toMatchObject({ name: '张三', roles: ['sys.log.view'], infoLoaded: true, customer: '测试客户' });
    expect(JSON.parse(localStorage.getItem(BRANDING_STORAGE_KEY)!)).toEqual(BRANDING);
    expect(await guard('/system-admin/sys-user')).toBe('/401?noGoBack=true');
    expect(await guard('/login')).toBe('/');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/info');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('rejects empty roles: error shown, session cleared, back to /login', async () => {
    Cookies.set('Access-Token', 'tok');
    respond(0, info([]));
    expect(await guard('/dashboard')).toBe('/login');
    expect(feedback.toastError).toHaveBeenCalledWith('getInfo: roles must be a non-null array !');
    expect(Cookies.get('Access-Token')).toBeUndefined();
    expect(useUserStore.getState().token).toBe('');
  });

  it('keeps the session when user info gets no answer (the page unloading, the network down)', async () => {
    Cookies.set('Access-Token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(guard('/dashboard')).rejects.toMatchObject({ name: 'ApiError', kind: 'network' });
    expect(Cookies.get('Access-Token')).toBe('tok');
  });

  it('on user-info failure clears the session and goes to /', async () => {
    Cookies.set('Access-Token', 'tok');
    respond(5000, null, 500);
    expect(await guard('/dashboard')).toBe('/');
    expect(feedback.toastError).toHaveBeenCalledTimes(1); // by the request client, not twice
    expect(Cookies.get('Access-Token')).toBeUndefined();
    expect(await guard('/')).toBe('/login?redirect=%2Fdashboard');
  });
});
