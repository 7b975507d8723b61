import type { Catalogue } from '../pt-BR';

const competitions: Catalogue['competitions'] = {
  title: 'Competitions',
  subtitle: 'Over R$100 thousand in prizes for creators. Pick a challenge and show your sound.',
  tabsLabel: 'Competitions',
  tabs: { active: 'Active', finished: 'Finished', ranking: 'Ranking' },
  difficulty: { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' },
  prize: 'Prize',
  otherPrizes: '2nd {{second}} · 3rd {{third}}',
  participants: '{{count}} participants',
  spots: '{{count}} of {{max}} spots',
  timeLeft: '{{days}}d {{hours}}h left',
  ended: 'Ended',
  endedOn: 'Ended on {{date}}',
  category: 'Category',
  progress: 'Spots taken',
  join: 'Join Now',
  winner: 'Winner',
  winningTrack: 'Winning track',
  noWinner: 'Results being counted',
  emptyActive: 'No active competitions right now. Check back soon!',
  emptyFinished: 'No finished competitions yet.',
  emptyRanking: 'The ranking appears once the first creators earn points.',
  loadError: 'Could not load the competitions.',
  rankingError: 'Could not load the ranking.',
  retry: 'Try again',
  rankingTitle: 'Top 5 creators',
  rankingLabel: 'Creator ranking by points',
  points: '{{points}} pts',
  level: 'Level {{level}}',
  position: '{{position}} place',
  contract: {
    title: 'Participation Agreement',
    intro:
      'By entering a 5D competition you agree to the terms below. Please read them carefully before continuing.',
    navLabel: 'Agreement sections',
    sections: {
      rights: {
        title: 'Copyright',
        body: 'The participant declares that they hold the copyright of the submitted work or have express permission from every rights holder to enter it.',
      },
      forbidden: {
        title: 'Forbidden content',
        body: 'Material that infringes third-party rights or the law is forbidden, including unlicensed samples and offensive content.',
      },
      disqualification: {
        title: 'Disqualification',
        body: 'The organisers may disqualify, at any time, work that does not follow these rules or any attempt to rig the vote.',
      },
      publicity: {
        title: 'Publicity',
        body: "Winners allow their artist name and winning work to be mentioned in 5D's publicity, free of charge.",
      },
    },
    cancel: 'Cancel',
    agree: 'I agree and continue',
  },
};
export default competitions;
