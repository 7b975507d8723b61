import type { Catalogue } from '../pt-BR';

const community: Catalogue['community'] = {
  title: 'Community',
  subtitle: 'Share your music, swap feedback and meet other creators.',
  tabsLabel: 'Community',
  tabs: { feed: 'Feed', trending: 'Trending', members: 'Members' },
  composer: {
    label: 'New post',
    placeholder: 'What are you working on? Use #tags to join the current topics.',
    attach: 'Attach audio',
    attached: 'Audio attached: {{name}}',
    remove: 'Remove attachment',
    publish: 'Post',
    publishing: 'Posting...',
    audioOnly: 'Only audio files can be attached.',
    signedOut: 'Sign in to post in the community.',
    login: 'Sign in',
    success: 'Post published!',
    error: 'Could not publish. Try again.',
    uploading: 'Uploading audio… {{percent}}%',
    uploadError: 'The audio was not uploaded: {{message}}',
    characters: '{{count}}/{{max}}',
  },
  feed: {
    audioMissing: 'the audio of this post is not available',
    empty: 'No posts yet. Be the first to post!',
    noResults: 'No posts found for "{{query}}".',
    audio: 'Audio: {{name}}',
  },
  trending: {
    title: 'Topics of the week',
    posts: '{{count}} posts',
    empty: 'No #tags used in the last 7 days.',
  },
  members: {
    empty: 'No creators yet.',
    since: 'Creator since {{date}}',
    profile: "View {{name}}'s profile",
  },
  sidebar: {
    searchLabel: 'Search the community',
    searchPlaceholder: 'Search posts and members',
    activity: 'Daily activity',
    postsToday: 'Posts in the last 24h',
    creators: 'Creators',
    createGroup: 'Create Group',
    events: 'Events',
    comingSoon: 'Coming soon to the 5D community.',
  },
  loadError: 'Could not load the community.',
  retry: 'Try again',
};
export default community;
