import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aesKeyBytes,
  decryptMessage,
  encryptedReplyXml,
  encryptMessage,
  msgSignature,
  msgSignatureMatches,
  openMessage,
  pkcs7Pad,
  pkcs7Unpad,
  WxCryptError,
} from './callback-crypto.js';

// A worked example: WeChat's sample EncodingAESKey and AppID, a subscribe event of 223 bytes and a fixed random
// prefix. The ciphertext and signature were computed apart from this code, with `openssl enc -aes-256-cbc -nopad` on
// the plain text built by hand and Python's hashlib, so the test checks the layout, not the code against itself.
const KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const APP_ID = 'wxb11529c136998cb6';
const RANDOM = Buffer.from('aaaabbbbccccdddd');
const MESSAGE =
  '<xml><ToUserName><![CDATA[gh_0123456789ab]]></ToUserName><FromUserName><![CDATA[oFan00000001]]></FromUserName><CreateTime>1409304348</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event></xml>';
const CIPHERTEXT =
  'jn1L23DB+6ELqJ+6bruv2+2eNeGFSroqwjxme/PSKZjkaacm9HVXWbk1xh+JqzAYO9Q/MxkAPrLLRP6MCsLFH22Ff0Q/MhGWNnjtqa8yqjQl5lHTCfrPML7muXUUjf2rfb1tRBFeWIpmbQAX1QNZZ01h+u6FAa/UJfAiHFYD2w0aqHTujAhGxsMXSDHnhS+xaJz/zcJny6KQxM2xDn5KN7eMvYEXWAFtJ6oKmsZV1UITBoeBmUBFraMSCyhIHq7PQCudiMeky8LAPXMTckeTnnWGNX7IVoDTWT3wBIr9fYhqmmRJoRu0NXky2nkkrDQ3/wSUZ1JQPM7gAx5y64ttpD/joV/IqABsSe57phy3TeMvmuVA/NqwOSE6dKHwveZ2';
const SIGNATURE = '78ed7804f5b3fe3950a3bd0535d1777fa5cf22d3';

describe('WeChat message encryption', () => {
  it('reads the EncodingAESKey as 32 bytes and refuses anything else', () => {
    expect(aesKeyBytes(KEY).toString('hex')).toBe('69b71d79f8218a39259a7a29aabb2dbafc31cb3d35db7e39ebbf3d0010831051');
    for (const bad of ['', KEY.slice(1), `${KEY}A`, `${KEY.slice(1)}!`]) expect(() => aesKeyBytes(bad)).toThrow(WxCryptError);
  });

  it('pads to 32-byte blocks (not AES’s 16), a whole block when already a multiple', () => {
    expect(pkcs7Pad(Buffer.alloc(261)).length).toBe(288);
    expect([...pkcs7Pad(Buffer.alloc(261)).subarray(261)]).toEqual(Array(27).fill(27));
    expect([...pkcs7Pad(Buffer.alloc(64)).subarray(64)]).toEqual(Array(32).fill(32));
    expect(pkcs7Pad(Buffer.alloc(1)).length).toBe(32);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const padded = pkcs7Pad(Buffer.from(bytes));
        expect(padded.length % 32).toBe(0);
        expect(pkcs7Unpad(padded).equals(Buffer.from(bytes))).toBe(true);
      }),
    );
    // A padding byte that lies, or one over the block, is refused.
    const padded = pkcs7Pad(Buffer.from('abc'));
    padded[padded.length - 2] = 1;
    expect(() => pkcs7Unpad(padded)).toThrow(WxCryptError);
    expect(() => pkcs7Unpad(Buffer.alloc(32, 33))).toThrow(WxCryptError);
    expect(() => pkcs7Unpad(Buffer.alloc(32, 0))).toThrow(WxCryptError);
  });

  it('encrypts the worked example to the ciphertext computed with openssl, and decrypts it back', () => {
    expect(encryptMessage(KEY, APP_ID, MESSAGE, RANDOM)).toBe(CIPHERTEXT);
    expect(Buffer.from(CIPHERTEXT, 'base64').length).toBe(288);
    expect(decryptMessage(KEY, CIPHERTEXT)).toEqual({ message: MESSAGE, appId: APP_ID });
    expect(openMessage(KEY, APP_ID, CIPHERTEXT)).toBe(MESSAGE);
    expect(msgSignature('pamtest', '1409304348', 'xxxxxx', CIPHERTEXT)).toBe(SIGNATURE);
    expect(msgSignatureMatches('pamtest', { timestamp: '1409304348', nonce: 'xxxxxx' }, CIPHERTEXT, SIGNATURE.toUpperCase())).toBe(true);
  });

  it('round-trips any message, and refuses another AppID, another key and a changed ciphertext', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (message) => {
        expect(openMessage(KEY, APP_ID, encryptMessage(KEY, APP_ID, message))).toBe(message);
      }),
    );
    const sealed = encryptMessage(KEY, APP_ID, MESSAGE);
    expect(() => openMessage(KEY, 'wx0000000000000000', sealed)).toThrow(expect.objectContaining({ reason: 'appId' }));
    const otherKey = randomBytes(32).toString('base64').slice(0, 43).replace(/[+/]/g, 'x');
    expect(() => openMessage(otherKey, APP_ID, sealed)).toThrow(WxCryptError);
    // In CBC a changed byte flips the same byte of the next block's plain text: here the padding's count, now over 32.
    // (A change elsewhere may decrypt to garbage that still parses, which is why the signature is checked first.)
    const bytes = Buffer.from(sealed, 'base64');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 17) ^ 0x55, bytes.length - 17);
    expect(() => openMessage(KEY, APP_ID, bytes.toString('base64'))).toThrow(WxCryptError);
    for (const bad of ['', 'not base64!', Buffer.alloc(17).toString('base64')])
      expect(() => decryptMessage(KEY, bad)).toThrow(WxCryptError);
    expect(msgSignatureMatches('pamtest', { timestamp: '1409304348', nonce: 'xxxxxx' }, `${CIPHERTEXT.slice(0, -3)}x==`, SIGNATURE)).toBe(
      false,
    );
  });

  it('seals a reply with its own signature, timestamp and nonce', () => {
    const xml = encryptedReplyXml({ token: 'pamtest', aesKey: KEY, appId: APP_ID }, MESSAGE, '1409304348', 'xxxxxx', RANDOM);
    expect(xml).toBe(
      `<xml><Encrypt><![CDATA[${CIPHERTEXT}]]></Encrypt><MsgSignature><![CDATA[${SIGNATURE}]]></MsgSignature><TimeStamp>1409304348</TimeStamp><Nonce><![CDATA[xxxxxx]]></Nonce></xml>`,
    );
  });
});
