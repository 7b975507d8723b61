import type { Catalogue } from '../pt-BR';

const becomeCreator: Catalogue['becomeCreator'] = {
  badge: 'Creator program',
  title: 'Turn your music into income',
  subtitle:
    'Sell beats, projects and subscriptions to artists in Brazil and worldwide, with AI tools and a complete Creator Hub.',
  apply: 'APPLY NOW',
  explore: 'Explore the Marketplace',
  approval: 'Approval within 48h',
  benefitsTitle: 'Why create on 5D',
  benefits: {
    sell: { title: 'Sell your way', text: 'Beats, custom projects and monthly subscriptions.' },
    hub: { title: 'Creator Hub', text: 'Revenue, orders, ranking and achievements in one dashboard.' },
    ai: { title: 'AI tools', text: 'Generate ideas, split stems and speed up your production.' },
  },
  stepsTitle: 'How it works',
  steps: {
    signup: { title: 'Sign up as a creator', text: 'Pick the Creator account type when signing up.' },
    review: { title: 'Approval within 48h', text: 'Our team reviews your profile within 48 hours.' },
    sell: { title: 'Publish and sell', text: 'Upload your products and keep 85% of every sale.' },
  },
  faqTitle: 'Frequently asked questions',
  faq: {
    how: {
      question: 'How do I become a creator?',
      answer:
        'Click APPLY NOW, create your account with the Creator type and wait for approval, which takes up to 48h.',
    },
    fees: {
      question: 'What are the fees?',
      answer: '5D keeps 15% of each sale; you receive 85%. There is no monthly fee to sell.',
    },
    rights: {
      question: 'Who owns the rights to my music?',
      answer: 'You keep ownership of your work. The licence of each sale is set on the product.',
    },
  },
  finalTitle: 'Ready to start?',
  finalCta: 'Start my creative journey!',
};
export default becomeCreator;
