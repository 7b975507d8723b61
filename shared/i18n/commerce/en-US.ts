import type { CommerceTexts } from './types';

const texts: CommerceTexts = {
  stripeLocale: 'en',
  coinsLine: (coins) => `${coins} 5D Coins`,
  coinsRate: '1 USD = 1 Coin',
  planLine: (tier, planName) => `5D ${tier} — ${planName} plan`,
  planCoins: (coins) => `${coins} 5D Coins per month`,
  laterMonths: (months, intro, regular) =>
    ` · ${intro} ${months === 1 ? 'in the first month' : `in the first ${months} months`}, then ${regular}/month`,
  tierNames: {
    mp3: 'MP3 Lease',
    wav: 'WAV Lease',
    trackout: 'Trackout Lease (stems)',
    exclusive: 'Exclusive',
  },
  termLabels: {
    distribution_copies: 'Distributed copies',
    audio_streams: 'Audio streams',
    music_videos: 'Music videos',
    radio_stations: 'Radio stations',
    live_performances: 'Live performances',
    credit_line: 'Required credit',
  },
  unlimited: 'Unlimited',
  livePerformances: (allowed) => (allowed ? 'Allowed' : 'Not allowed'),
  agreement: {
    title: 'BEAT LICENCE AGREEMENT',
    exclusiveRights: 'exclusive rights',
    nonExclusive: 'non-exclusive licence',
    documentTitle: (beat) => `Licence agreement — ${beat}`,
    order: (id) => `Order: ${id}`,
    date: (when) => `Date: ${when}`,
    parties: 'PARTIES',
    licensor: (name, id) => `Licensor (producer): ${name} (id ${id})`,
    licensee: (name, id) => `Licensee (buyer): ${name} (id ${id})`,
    work: 'WORK',
    beat: (title, id) => `Beat: "${title}" (id ${id})`,
    files: (list) => `Files delivered: ${list}`,
    aiStems: 'stems separated by AI (the 5D DSP separator), not original multitracks',
    price: 'PRICE',
    listPrice: (amount) => `Licence price: ${amount}`,
    coupon: (code) => `Coupon applied: ${code}`,
    offer: (id) => `Accepted offer: ${id}`,
    paid: (amount) => `Amount paid: ${amount}`,
    terms: 'TERMS OF USE',
    conditions: 'CONDITIONS',
    exclusiveCondition:
      'The Licensor grants the Licensee the exclusive right to use the beat from this date and undertakes ' +
      'not to sell new licences for it. Non-exclusive licences sold before this date remain valid on their ' +
      'own terms.',
    nonExclusiveCondition:
      'Non-exclusive licence: the Licensor may license the same beat to third parties. The Licensee may use ' +
      'the beat in one new musical work within the limits above, with the stated credit. The copyright in ' +
      'the beat remains with the Licensor.',
    earlierLeases: 'EARLIER LICENCES THAT REMAIN VALID',
    none: 'None.',
    earlierLease: (tier, order, date) => `• ${tier} — order ${order} — ${date}`,
    footer: 'Document generated automatically by 5D at the time of purchase.',
  },
};

export default texts;
