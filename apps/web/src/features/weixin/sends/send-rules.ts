import type { WxSend, WxSendCreate } from '@agromet/contracts';
import type { WxSendKind, WxSendTarget } from '@agromet/contracts/web';

/** What the content column shows: the text, or "[Picture] name" for a picture (its content is "mediaId\nname"). */
export function sendContentText(send: Pick<WxSend, 'kind' | 'content'>, pictureLabel: string): string {
  return send.kind === 'image' ? `[${pictureLabel}] ${send.content.split('\n')[1] ?? ''}` : send.content;
}

/** "sent / total" once WeChat reported a total, else nothing. */
export function sendCountsText(send: Pick<WxSend, 'sentCount' | 'totalCount'>): string {
  return send.totalCount === null ? '' : `${send.sentCount ?? 0} / ${send.totalCount}`;
}

/** The compose form's values. */
export interface SendValues {
  accountId?: number;
  kind: WxSendKind;
  text: string;
  articleId?: number;
  mediaId?: number;
  target: WxSendTarget;
  tagId?: number;
  openIds: string[];
}

/** The fields the server may name in a refusal, as the form knows them. */
export const SEND_FIELDS = ['accountId', 'kind', 'text', 'articleId', 'mediaId', 'target', 'tagId', 'openIds'];

/** The create request of the form's values: only what the kind and the target use, the text trimmed. */
export function sendRequest(v: SendValues): WxSendCreate {
  return {
    accountId: v.accountId!,
    kind: v.kind,
    text: (v.text ?? '').trim(),
    ...(v.kind === 'article' ? { articleId: v.articleId } : {}),
    ...(v.kind === 'image' ? { mediaId: v.mediaId } : {}),
    target: v.target,
    ...(v.target === 'tag' ? { tagId: v.tagId } : {}),
    openIds: v.target === 'openids' ? v.openIds : [],
  };
}
