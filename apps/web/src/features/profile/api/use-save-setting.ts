import type { SettingBody } from '@agromet/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/request';
import { useUserStore } from '../../../stores/user';
import { validateUserInfo } from '../../../stores/user-info-rules';

/** POST /user/setting; the answer (the updated user) refreshes the top bar at once. */
export function useSaveSetting() {
  return useMutation({
    mutationFn: (body: SettingBody) => api.setting(body),
    onSuccess: (info) => {
      if (validateUserInfo(info) === null) useUserStore.getState().applyUserInfo(info);
    },
  });
}
