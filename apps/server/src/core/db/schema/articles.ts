import type { Generated } from 'kysely';

export interface ArticleKindTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  series: string;
  template: Generated<string>;
  sort: Generated<number>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ArticleTable {
  id: Generated<number>;
  customer_id: number;
  kind_id: number;
  year: number;
  issue_no: number;
  revision: Generated<number>;
  revision_of: number | null;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  body_text: Generated<string>;
  state: Generated<string>;
  author_id: number | null;
  author_name: Generated<string>;
  reviewer_id: number | null;
  reviewer_name: Generated<string>;
  return_comment: Generated<string>;
  issued_at: string | null;
  superseded: Generated<number>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ArticleHistoryTable {
  id: Generated<number>;
  customer_id: number;
  article_id: number;
  action: string;
  from_state: Generated<string>;
  to_state: string;
  user_id: number | null;
  user_name: Generated<string>;
  comment: Generated<string>;
  at: string;
}

export interface ArticlePlatformTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  type: string;
  sort: Generated<number>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ArticlePublicationTable {
  id: Generated<number>;
  customer_id: number;
  article_id: number;
  platform_id: number | null;
  platform_name: string;
  platform_type: string;
  state: string;
  url: Generated<string>;
  note: Generated<string>;
  user_id: number | null;
  user_name: Generated<string>;
  at: string;
}

export interface ArticleAttachmentTable {
  id: Generated<number>;
  customer_id: number;
  article_id: number;
  name: string;
  mime: string;
  size: number;
  storage_key: string;
  user_name: Generated<string>;
  created_at: string;
}
