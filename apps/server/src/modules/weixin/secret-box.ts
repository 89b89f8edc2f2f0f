import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Secrets of official accounts at rest (docs/weixin.md#secrets): AES-256-GCM under a key derived from WX_SECRET_KEY or
// the key file kept in the data folder, so a copy of the database alone does not give the AppSecrets away.

const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHash('sha256').update(`agromet-wx:${secret}`).digest();
  }

  /** "v1.<iv>.<tag>.<ciphertext>" in base64url; '' stays ''. */
  seal(plain: string): string {
    if (plain === '') return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plain text; throws when the box was sealed under another key or was altered. */
  open(sealed: string): string {
    if (sealed === '') return '';
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
