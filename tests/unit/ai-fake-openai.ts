import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny stand-in for the OpenAI REST API (/v1/chat/completions, /v1/audio/transcriptions): each
 * request takes the next queued reply. Used to drive the official SDK through real HTTP.
 */
export interface FakeReply {
  status: number;
  body: unknown;
}

export interface FakeOpenAi {
  url: string;
  replies: FakeReply[];
  requests: { path: string; body: string }[];
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const replies: FakeReply[] = [];
  const requests: { path: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('latin1') });
      const reply = replies.shift() ?? {
        status: 500,
        body: { error: { message: 'no reply queued', type: 'server_error' } },
      };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    replies,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function completion(content: string | null, model = 'gpt-test'): FakeReply {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
    },
  };
}

export const quotaError: FakeReply = {
  status: 429,
  body: {
    error: {
      message: 'You exceeded your current quota, please check your plan and billing details.',
      type: 'insufficient_quota',
      code: 'insufficient_quota',
    },
  },
};
