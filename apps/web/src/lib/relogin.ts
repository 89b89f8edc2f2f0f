/**
 * State of the re-login dialog (codes 4000/4001/4002): at most one open at a time. The request
 * client opens it; <ReloginDialog> (mounted by the providers) shows it.
 */
import { clearSession } from './auth-storage';
import { reloadPage } from './reload';

type Listener = () => void;
const listeners = new Set<Listener>();
let open = false;

function emit(): void {
  for (const l of listeners) l();
}

export function isReloginOpen(): boolean {
  return open;
}

export function subscribeRelogin(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the dialog unless it is already open. */
export function requestRelogin(): void {
  if (open) return;
  open = true;
  emit();
}

/** "取消": stay on the page; a later token error may ask again. */
export function dismissRelogin(): void {
  if (!open) return;
  open = false;
  emit();
}

/** "重新登录": clear the session on this client and reload (which lands on the login page). */
export function confirmRelogin(): void {
  clearSession();
  reloadPage();
}

/** For tests. */
export function resetReloginForTests(): void {
  open = false;
  emit();
}
