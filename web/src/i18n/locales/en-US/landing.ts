import type { Catalogue } from '../pt-BR';

const landing: Catalogue['landing'] = {
  testimonialsTitle: 'Who creates with 5D',
  testimonialsSubtitle: 'Producers, artists and studios already using the platform.',
  testimonials: {
    first: {
      quote: 'I sold my first beats in the first week. The Creator Hub shows everything I need.',
      name: 'Kaio Beats',
      role: 'Trap producer',
    },
    second: {
      quote: 'I find clearly licensed beats in minutes, and the AI tools speed up my demos.',
      name: 'Marina Costa',
      role: 'Singer and songwriter',
    },
    third: {
      quote: 'The competitions put our studio on the map and brought in new clients.',
      name: 'Maré Studio',
      role: 'Mixing studio',
    },
  },
  footer: {
    tagline: 'Music marketplace, creators and an AI studio.',
    explore: 'Explore',
    marketplace: 'Marketplace',
    competitions: 'Competitions',
    community: 'Community',
    becomeCreator: 'Become a creator',
    company: 'Company',
    studio: 'Studio',
    privacy: 'Privacy',
    terms: 'Terms of use',
    social: 'Social',
    socialLabel: '5D on {{network}} (opens in a new tab)',
    rights: '© {{year}} 5D. All rights reserved.',
  },
};
export default landing;
