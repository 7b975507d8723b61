import { NewCommunityPost, type CommunityPost } from '../../shared/schemas/site';
import { creatorSlug, postTags } from '../../shared/site-rules';
import { requireCaller } from '../_lib/auth';
import { consumePostAllowance, createPost, listPosts, newPost, type StoredPost } from '../_lib/db/community';
import { getUploadSession } from '../_lib/db/upload-sessions';
import { presignAudioBucketGet } from '../_lib/marketplace-files';
import { listCreatorProfiles } from '../_lib/db/creator-slugs';
import { getProfile } from '../_lib/db/profiles';
import { privateProfiles } from '../_lib/db/user-settings';
import { BadRequest, NotFound, TooManyRequests } from '../_lib/errors';
import { httpHandler, json, parseBody } from '../_lib/http';

const FEED_SIZE = 30;
const AUDIO_URL_SECONDS = 6 * 60 * 60;

/** A stored post as the feed shows it: its audio as a URL signed now (posts without audio keep null). */
async function postView(post: StoredPost): Promise<CommunityPost> {
  if (!post.attachment) return { ...post, attachment: null };
  const { key, ...attachment } = post.attachment;
  return {
    ...post,
    attachment: { ...attachment, url: key ? await presignAudioBucketGet(key, AUDIO_URL_SECONDS) : null },
  };
}
const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Community: GET /api/community/posts (feed), POST /api/community/posts (signed in, rate-limited),
 * GET /api/community/trending (tags of the last 7 days), GET /api/community/members (creators).
 */
export const handler = httpHandler(async (event) => {
  switch (event.routeKey) {
    case 'GET /api/community/posts':
      return json(200, { items: await Promise.all((await listPosts(FEED_SIZE)).map(postView)) });
    case 'POST /api/community/posts': {
      const caller = requireCaller(event);
      const input = parseBody(event, NewCommunityPost);
      const now = new Date();
      if (!(await consumePostAllowance(caller.sub, now))) {
        throw new TooManyRequests({ context: 'posts' });
      }
      // The audio must be the caller's own finished upload made for a post (the bytes checked as audio).
      const upload = input.attachment
        ? await getUploadSession(input.attachment.uploadId, caller.sub)
        : undefined;
      if (input.attachment && (!upload || upload.purpose !== 'community-audio'))
        throw new NotFound('UPLOAD_NOT_FOUND');
      if (upload && upload.status !== 'complete') throw new BadRequest('UPLOAD_NOT_COMPLETE');
      const profile = await getProfile(caller.sub);
      const post = newPost(
        {
          author_id: caller.sub,
          author_name: profile?.full_name || caller.name || caller.email.split('@')[0] || '5D',
          text: input.text,
          tags: postTags(input.text),
          attachment: upload
            ? { name: upload.name, type: upload.contentType, size: upload.size, key: upload.key }
            : null,
        },
        now,
      );
      await createPost(post);
      return json(201, { post: await postView(post) });
    }
    case 'GET /api/community/trending': {
      const now = Date.now();
      const recent = await listPosts(200, new Date(now - TRENDING_WINDOW_MS));
      const counts = new Map<string, number>();
      for (const post of recent) for (const tag of post.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      const items = [...counts.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 10)
        .map(([tag, posts]) => ({ tag, posts }));
      const dayAgo = new Date(now - 24 * 60 * 60 * 1000).toISOString();
      return json(200, { items, posts_today: recent.filter((post) => post.created_at >= dayAgo).length });
    }
    case 'GET /api/community/members': {
      const creators = await listCreatorProfiles(50);
      // A creator who switched 'Perfil público' off on /settings is not listed.
      const hidden = await privateProfiles(creators.map((creator) => creator.id));
      return json(200, {
        items: creators
          .filter((creator) => !hidden.has(creator.id))
          .map((creator) => ({
            name: creator.full_name,
            slug: creatorSlug(creator.full_name),
            joined_at: creator.created_at,
          })),
      });
    }
    default:
      throw new NotFound();
  }
});
