import { lazy, Suspense } from 'react';
import { reloadPage } from '../lib/reload';
import { useUserStore } from '../stores/user';

const ChangePasswordDialog = lazy(() =>
  import('../features/profile/components/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/**
 * In place of the page while the password is one an administrator set (docs/security.md#initial-passwords): the server
 * refuses every other call until it is changed, so the console asks for it first. A change reloads the user, which
 * clears the mark and shows the page; signing out is the only other way.
 */
export function ForcedPasswordChange() {
  const signOut = async () => {
    await useUserStore.getState().logout();
    reloadPage();
  };
  return (
    <Suspense fallback={null}>
      <ChangePasswordDialog open forced onClose={() => void useUserStore.getState().getInfo()} onSignOut={() => void signOut()} />
    </Suspense>
  );
}
