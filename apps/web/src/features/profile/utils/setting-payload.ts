import type { SettingBody } from '@agromet/contracts';

export interface SettingForm {
  name: string;
  email?: string;
  mobile?: string;
  introduction?: string;
  /** Ids of the service-product platforms the user publishes to; absent when the user has no service-products page. */
  articlePlatform?: string[];
}

/**
 * Body of POST /user/setting: only the fields the server accepts, trimmed; the avatar is
 * blanked when it is the default placeholder image (docs/console.md#profile-dialogs).
 */
export function settingPayload(form: SettingForm, avatar: string, defaultAvatar: string): SettingBody {
  return {
    name: form.name.trim(),
    avatar: !avatar || avatar === defaultAvatar ? '' : avatar,
    email: (form.email ?? '').trim(),
    mobile: (form.mobile ?? '').trim(),
    introduction: form.introduction ?? '',
    ...(form.articlePlatform !== undefined ? { articlePlatform: [...new Set(form.articlePlatform)] } : {}),
  };
}
