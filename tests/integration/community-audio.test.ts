import { describe, expect, it } from 'vitest';
import type { CommunityPost } from '../../shared/schemas/site';
import { handler as uploadsHandler } from '../../lambdas/uploads/handler';
import { uploadFile } from '../../web/src/lib/multipart-uploader';
import { tinyWav } from './marketplace-helpers';
import { call, user, type Claims } from './site-helpers';
import { handlerApi } from './uploads-api';

/** The composer's path: the audio goes through the multipart upload API, then the post names the upload. */
async function uploadAudio(owner: Claims, bytes: Buffer, name = 'ideia.wav'): Promise<string> {
  const file = new File([new Uint8Array(bytes)], name, { type: 'audio/wav' });
  const result = await uploadFile(file, {
    purpose: 'community-audio',
    api: handlerApi(uploadsHandler, owner),
    storage: null,
  });
  return result.uploadId;
}

describe('community posts with audio', () => {
  it('a post with an audio attachment stores the uploaded audio, and the feed plays it back', async () => {
    const author = user();
    const wav = tinyWav();
    const uploadId = await uploadAudio(author, wav);
    const created = await call<{ post: CommunityPost }>('POST', '/api/community/posts', {
      claims: author,
      body: { text: 'Ouçam meu loop #lofi', attachment: { uploadId } },
    });
    expect(created.status).toBe(201);
    expect(created.body.post.attachment).toMatchObject({
      name: 'ideia.wav',
      type: 'audio/wav',
      size: wav.length,
    });

    const feed = await call<{ items: CommunityPost[] }>('GET', '/api/community/posts');
    const mine = feed.body.items.find((post) => post.id === created.body.post.id)!;
    expect(mine.attachment?.url).toMatch(/^https?:\/\//);
    const played = await fetch(mine.attachment!.url!);
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer()).equals(wav)).toBe(true);
  });

  it("refuses another user's upload and an attachment that was never uploaded", async () => {
    const uploadId = await uploadAudio(user(), tinyWav());
    const thief = await call<{ error: { code: string } }>('POST', '/api/community/posts', {
      claims: user(),
      body: { text: 'não é meu', attachment: { uploadId } },
    });
    expect([thief.status, thief.body.error.code]).toEqual([404, 'UPLOAD_NOT_FOUND']);
    // The old composer sent only the file's name, type and size: no audio ever reached the server.
    const nameOnly = await call('POST', '/api/community/posts', {
      claims: user(),
      body: { text: 'só o nome', attachment: { name: 'a.wav', type: 'audio/wav', size: 10 } },
    });
    expect(nameOnly.status).toBe(400);
  });
});
