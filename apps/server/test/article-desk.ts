import sharp from 'sharp';
import { ARTICLE_APPROVE_CODE as APPROVE, ARTICLE_WRITE_CODE as WRITE } from '@agromet/contracts';
import type { TestApp } from './helpers.js';
import { addSignedInUsers, appWithCustomers, multipartForm } from './revise-helpers.js';

// What the service-document tests (articles*.test.ts) share: their customers and users, and a picture uploaded.

/**
 * An app with two customers and the desk of service documents: `author` holds both codes (as a role from before the
 * split, docs/security.md#separation-of-duties), `reviewer` only the approving one, `other` both at the second
 * customer; `more` adds users of the first customer (username, codes, name). Usernames start with `prefix`.
 */
export async function articleDesk(prefix: string, more: Record<string, [username: string, codes: string[], name?: string]> = {}) {
  const [t, customer, other] = await appWithCustomers('陕西省农业气象中心', '甘肃省农业气象中心');
  const tok: Record<string, string> = {};
  await addSignedInUsers(t, tok, {
    author: [customer, `${prefix}-author`, [WRITE, APPROVE], '李写作'],
    reviewer: [customer, `${prefix}-reviewer`, [APPROVE], '张审核'],
    other: [other, `${prefix}-other`, [WRITE, APPROVE]],
    ...Object.fromEntries(Object.entries(more).map(([key, [username, codes, name]]) => [key, [customer, username, codes, name]])),
  });
  return { t, customer, other, tok };
}

/** Uploads a plain PNG of `width` × `height` in `background` through the general upload; answers its stored path. */
export async function uploadPng(
  t: TestApp,
  token: string,
  name: string,
  width: number,
  height: number,
  background: string,
): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  const m = multipartForm({}, { name, bytes: png, type: 'image/png' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    payload: m.payload,
    headers: { ...t.bearer(token), ...m.headers },
  });
  return res.json().data.path;
}
