import type { Branding, LoginBody, UserInfo } from '@agromet/contracts';
import { clearSession, getToken, onSessionChange, storeTokens } from '../lib/auth-storage';
import { readStoredBranding, saveBranding } from '../lib/branding-storage';
import { i18n } from '../lib/i18n';
import { api, type CallOptions } from '../lib/request';
import { create } from 'zustand';
import { validateUserInfo } from './user-info-rules';

export interface UserProfile {
  id: number | null;
  username: string;
  name: string;
  avatar: string;
  introduction: string;
  email: string;
  mobile: string;
  /** Effective permission codes; empty until user info is loaded. */
  roles: string[];
  customer: string;
  customerId: number | null;
  setting: UserInfo['setting'];
  /** The password is one an administrator set: the console shows only the password dialog until it is replaced. */
  mustChangePassword: boolean;
  /** The user's own customer; `customerId` differs while a platform administrator works for another customer. */
  homeCustomerId: number | null;
}

export interface UserState extends UserProfile {
  token: string;
  /** True once /user/info answered with valid roles for the current token. */
  infoLoaded: boolean;
  /** Branding of the customer (user info), else the remembered or public one. */
  branding: Branding | null;
  login: (body: LoginBody, opts?: CallOptions) => Promise<void>;
  getInfo: () => Promise<UserInfo>;
  /** Takes a fresh user info (from /user/info or the answer of /user/setting). */
  applyUserInfo: (info: UserInfo) => void;
  logout: () => Promise<void>;
  resetToken: () => void;
  setBranding: (branding: Branding | null) => void;
}

const EMPTY_PROFILE: UserProfile = {
  id: null,
  username: '',
  name: '',
  avatar: '',
  introduction: '',
  email: '',
  mobile: '',
  roles: [],
  customer: '',
  customerId: null,
  setting: { articlePlatform: [] },
  mustChangePassword: false,
  homeCustomerId: null,
};

/** Thrown when user info has no usable roles (docs/console.md#sign-in-and-the-session). */
export class RolesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RolesError';
  }
}

let infoInflight: Promise<UserInfo> | null = null;

export const useUserStore = create<UserState>()((set, get) => ({
  ...EMPTY_PROFILE,
  token: getToken() ?? '',
  infoLoaded: false,
  branding: readStoredBranding(),

  login: async (body, opts) => {
    const pair = await api.login({ username: body.username.trim(), password: body.password }, opts);
    storeTokens(pair);
    set({ token: pair.access_token, infoLoaded: false, roles: [] });
  },

  getInfo: () => {
    if (infoInflight) return infoInflight;
    infoInflight = (async () => {
      const data = await api.userInfo();
      const problem = validateUserInfo(data);
      if (problem === 'missing') throw new Error(i18n.t('user.infoMissing'));
      if (problem === 'roles') throw new RolesError(i18n.t('user.rolesInvalid'));
      get().applyUserInfo(data);
      return data;
    })().finally(() => {
      infoInflight = null;
    });
    return infoInflight;
  },

  applyUserInfo: (data) => {
    saveBranding(data.branding);
    set({
      id: data.id,
      username: data.username,
      name: data.name,
      avatar: data.avatar,
      introduction: data.introduction,
      email: data.email,
      mobile: data.mobile,
      roles: [...data.roles],
      customer: data.customer,
      customerId: data.customerId,
      setting: data.setting ?? { articlePlatform: [] },
      branding: data.branding,
      mustChangePassword: data.mustChangePassword === true,
      homeCustomerId: data.homeCustomerId ?? data.customerId,
      infoLoaded: true,
    });
  },

  logout: async () => {
    try {
      if (get().token) await api.logout({ silent: true });
    } catch (error) {
      // The session is cleared here whatever the server says; a session the server may still hold is worth a note.
      console.warn('sign-out: the server call failed', error);
    } finally {
      clearSession();
    }
  },

  resetToken: () => clearSession(),

  setBranding: (branding) => set({ branding }),
}));

/** Token cookies changed (refresh, another tab, relogin dialog): follow them. */
onSessionChange((event) => {
  if (event.type === 'cleared') {
    useUserStore.setState({ ...EMPTY_PROFILE, token: '', infoLoaded: false });
  } else if (event.accessToken !== useUserStore.getState().token) {
    useUserStore.setState({ token: event.accessToken });
  }
});
