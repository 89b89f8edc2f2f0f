import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// WeChat's message encryption for safe and compatible modes (docs/weixin.md#callback): AES-256-CBC under the 32 bytes
// the account's 43-character EncodingAESKey stands for (base64 without its final '='), the IV being the key's first 16
// bytes; the plain text is 16 random bytes, the message's length (4 bytes, big-endian), the message and the AppID,
// padded PKCS#7-style to a multiple of 32 bytes (not AES's 16). msg_signature is the sha1 of the sorted token,
// timestamp, nonce and ciphertext. Pure functions of their arguments; nothing here logs or keeps a key.

/** WeChat pads to 32-byte blocks, not AES's 16. */
export const WX_BLOCK = 32;

/** Why an encrypted message was refused. */
export class WxCryptError extends Error {
  constructor(readonly reason: 'key' | 'cipher' | 'padding' | 'length' | 'appId') {
    super(`WeChat message refused: ${reason}`);
  }
}

/** The 32-byte AES key of a 43-character EncodingAESKey. */
export function aesKeyBytes(encodingAesKey: string): Buffer {
  if (!/^[A-Za-z0-9+/]{43}$/.test(encodingAesKey)) throw new WxCryptError('key');
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  if (key.length !== 32) throw new WxCryptError('key');
  return key;
}

/** PKCS#7 padding to `block` bytes: 1 to `block` bytes, each the count (a whole block when already a multiple). */
export function pkcs7Pad(data: Buffer, block = WX_BLOCK): Buffer {
  const n = block - (data.length % block);
  return Buffer.concat([data, Buffer.alloc(n, n)]);
}

/** The data without its padding; throws unless the padding is exactly what pkcs7Pad writes. */
export function pkcs7Unpad(data: Buffer, block = WX_BLOCK): Buffer {
  if (data.length === 0 || data.length % block !== 0) throw new WxCryptError('padding');
  const n = data[data.length - 1]!;
  if (n < 1 || n > block) throw new WxCryptError('padding');
  for (let k = data.length - n; k < data.length; k++) if (data[k] !== n) throw new WxCryptError('padding');
  return data.subarray(0, data.length - n);
}

/** The <Encrypt> text of a message: base64 of the ciphertext. `random` is for worked examples only. */
export function encryptMessage(encodingAesKey: string, appId: string, message: string, random: Buffer = randomBytes(16)): string {
  if (random.length !== 16) throw new Error('the random prefix is 16 bytes');
  const key = aesKeyBytes(encodingAesKey);
  const msg = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(msg.length);
  const plain = pkcs7Pad(Buffer.concat([random, length, msg, Buffer.from(appId, 'utf8')]));
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

/** The message and the AppID it names; WxCryptError for anything that is not one sealed under this key. */
export function decryptMessage(encodingAesKey: string, encrypted: string): { message: string; appId: string } {
  const key = aesKeyBytes(encodingAesKey);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encrypted)) throw new WxCryptError('cipher');
  const data = Buffer.from(encrypted, 'base64');
  if (data.length === 0 || data.length % 16 !== 0) throw new WxCryptError('cipher');
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
    plain = Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    throw new WxCryptError('cipher');
  }
  const body = pkcs7Unpad(plain);
  if (body.length < 20) throw new WxCryptError('length');
  const length = body.readUInt32BE(16);
  if (20 + length > body.length) throw new WxCryptError('length');
  return {
    message: body.subarray(20, 20 + length).toString('utf8'),
    appId: body.subarray(20 + length).toString('utf8'),
  };
}

/** The message, when it was sealed for `appId`; WxCryptError('appId') when for another account. */
export function openMessage(encodingAesKey: string, appId: string, encrypted: string): string {
  const opened = decryptMessage(encodingAesKey, encrypted);
  const a = Buffer.from(opened.appId);
  const b = Buffer.from(appId);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new WxCryptError('appId');
  return opened.message;
}

/** msg_signature: sha1 of the sorted token, timestamp, nonce and <Encrypt>, in hex. */
export function msgSignature(token: string, timestamp: string, nonce: string, encrypted: string): string {
  return createHash('sha1').update([token, timestamp, nonce, encrypted].sort().join('')).digest('hex');
}

export function msgSignatureMatches(token: string, q: { timestamp: string; nonce: string }, encrypted: string, given: string): boolean {
  const expected = Buffer.from(msgSignature(token, q.timestamp, q.nonce, encrypted));
  const actual = Buffer.from(given.toLowerCase());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A reply sealed as WeChat expects it in safe mode: <Encrypt>, <MsgSignature>, <TimeStamp> and <Nonce>. */
export function encryptedReplyXml(
  keys: { token: string; aesKey: string; appId: string },
  replyXml: string,
  timestamp: string,
  nonce: string,
  random?: Buffer,
): string {
  const encrypted = encryptMessage(keys.aesKey, keys.appId, replyXml, random);
  const signature = msgSignature(keys.token, timestamp, nonce, encrypted);
  return `<xml><Encrypt><![CDATA[${encrypted}]]></Encrypt><MsgSignature><![CDATA[${signature}]]></MsgSignature><TimeStamp>${timestamp}</TimeStamp><Nonce><![CDATA[${nonce}]]></Nonce></xml>`;
}
