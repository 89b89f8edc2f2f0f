import type { ColumnType, Generated } from 'kysely';

/** A column with a database default: optional on insert. */
type D<T> = ColumnType<T, T | undefined, T>;

export interface WxAccountTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  nickname: D<string>;
  wx_id: string;
  app_id: string;
  secret_sealed: string;
  token_sealed: string;
  aes_key_sealed: D<string>;
  /** plain, compatible or safe (0036). */
  encrypt_mode: D<string>;
  avatar: D<string>;
  api_calls: D<number>;
  last_call_at: string | null;
  last_test_at: string | null;
  last_test_code: number | null;
  version: D<number>;
  created_at: string;
  updated_at: string;
}

export interface WxTokenTable {
  account_id: number;
  token_sealed: string;
  expires_at: number;
}

export interface WxFollowerTable {
  id: Generated<number>;
  account_id: number;
  open_id: string;
  nickname: D<string>;
  remark: D<string>;
  tag_ids: D<string>;
  subscribed: D<number>;
  subscribe_time: string | null;
  language: D<string>;
  synced_at: string;
}

export interface WxMenuTable {
  account_id: number;
  draft: string;
  published: string | null;
  published_at: string | null;
  published_by: D<string>;
  version: D<number>;
}

export interface WxPushedTable {
  account_id: number;
  push_key: string;
  received_at: string;
}

export interface WxSendTable {
  id: Generated<number>;
  account_id: number;
  kind: string;
  content: string;
  article_id: number | null;
  target: string;
  tag_id: number | null;
  open_ids: D<string>;
  state: string;
  client_msg_id: string;
  created_by_id: number;
  created_by: string;
  approved_by: D<string>;
  approved_at: string | null;
  reason: D<string>;
  msg_id: D<string>;
  total_count: number | null;
  sent_count: number | null;
  error_count: number | null;
  errcode: number | null;
  error: D<string>;
  created_at: string;
  updated_at: string;
}

export interface WxMediaTable {
  id: Generated<number>;
  account_id: number;
  type: string;
  name: string;
  media_id: string;
  format: string;
  size: number;
  storage_key: string;
  uploaded_by: string;
  created_at: string;
}

export interface WxCallbackReplayTable {
  account_id: number;
  replay_hash: string;
  expires_at: number;
}
