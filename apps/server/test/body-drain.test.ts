import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * A refused body behind a proxy: the proxy (nginx) has the whole body and keeps writing it on a kept-alive connection.
 * Closing that connection after the refusal broke the proxy's write and it answered 502 (seen in the reliability
 * suite); a bounded body is read to its end instead, and the connection serves the next request.
 */
let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/** Sends raw requests on one connection, one after the other, and answers each response's head and body. */
async function onOneConnection(requests: Buffer[]): Promise<Array<{ head: string; body: string }>> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  let closed = false;
  socket.on('data', (d) => (received += d.toString('latin1')));
  socket.on('close', () => (closed = true));
  const answers: Array<{ head: string; body: string }> = [];
  for (const request of requests) {
    socket.write(request);
    // One whole response: its head, then content-length bytes.
    const response = await new Promise<{ head: string; body: string }>((resolve, reject) => {
      const look = () => {
        const end = received.indexOf('\r\n\r\n');
        const length = end >= 0 ? Number(/content-length: *(\d+)/i.exec(received.slice(0, end))?.[1] ?? 0) : -1;
        if (end >= 0 && received.length >= end + 4 + length) {
          const answer = { head: received.slice(0, end), body: received.slice(end + 4, end + 4 + length) };
          received = received.slice(end + 4 + length);
          socket.off('data', look);
          socket.off('close', gone);
          resolve(answer);
        }
      };
      const gone = () => reject(new Error(`the connection closed before a response (got ${received.slice(0, 200)})`));
      socket.on('data', look);
      socket.on('close', gone);
      if (closed) gone();
      look();
    });
    answers.push(response);
  }
  socket.end();
  return answers;
}

const post = (path: string, type: string, body: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`,
    ),
    body,
  ]);
const health = Buffer.from('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');

describe('a refused body on a kept-alive connection', () => {
  it('is read to its end: the refusal is answered in the envelope and the connection serves the next request', async () => {
    const tooLarge = Buffer.alloc(300 * 1024, 'x');
    const notJson = Buffer.from(`{"a": ${'x'.repeat(200 * 1024)}`);
    const answers = await onOneConnection([
      post('/api/wx/callback/1?timestamp=1', 'text/xml', tooLarge),
      health,
      post('/api/login/login', 'application/json', Buffer.alloc(2 * 1024 * 1024, 'x')),
      post('/api/login/login', 'application/json', notJson),
      health,
    ]);
    expect(answers.map((a) => a.head.split('\r\n')[0])).toEqual([
      'HTTP/1.1 413 Payload Too Large',
      'HTTP/1.1 200 OK',
      'HTTP/1.1 413 Payload Too Large',
      'HTTP/1.1 400 Bad Request',
      'HTTP/1.1 200 OK',
    ]);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ code: 4130 });
    expect(JSON.parse(answers[3]!.body)).toMatchObject({ code: 4100 });
    for (const a of answers) expect(a.head).not.toMatch(/connection: close/i);
  });
});
