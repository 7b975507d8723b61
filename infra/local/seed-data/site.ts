import type { CommunityPost, CompetitionCard } from '../../../shared/schemas/site';
import { prize } from '../../../shared/competition-prize';
import { postTags } from '../../../shared/site-rules';

const DAY = 24 * 60 * 60 * 1000;

type SeedCard = Omit<CompetitionCard, 'id' | 'starts_at' | 'ends_at' | 'is_active'> & {
  key: string;
  /** Days from now: negative in the past. */
  startsIn: number;
  endsIn: number;
};

/** Sample competitions of the /competitions page (issue 9): two more running, three finished. */
const cards: SeedCard[] = [
  {
    key: 'lofi-night',
    title: 'Lo-Fi Night Sessions',
    description: 'Crie um beat lo-fi de até 3 minutos com samples originais e clima noturno.',
    translations: {
      'en-US': {
        title: 'Lo-Fi Night Sessions',
        description: 'Make a lo-fi beat of up to 3 minutes with original samples and a night-time mood.',
      },
      'es-ES': {
        title: 'Lo-Fi Night Sessions',
        description: 'Crea un beat lo-fi de hasta 3 minutos con samples originales y ambiente nocturno.',
      },
    },
    prize_1st: prize(3000),
    prize_2nd: prize(1500),
    prize_3rd: prize(500),
    difficulty: 'beginner',
    category: 'Lo-Fi',
    tags: ['lofi', 'chill', 'samples'],
    participants: 184,
    max_participants: 300,
    winner: null,
    winning_track: null,
    startsIn: -5,
    endsIn: 9,
  },
  {
    key: 'trap-remix',
    title: 'Desafio Trap Remix',
    description: 'Remixe as stems oficiais em um trap pesado. Vale 808, vale criatividade.',
    translations: {
      'en-US': {
        title: 'Trap Remix Challenge',
        description: 'Remix the official stems into a heavy trap. 808s welcome, creativity too.',
      },
      'es-ES': {
        title: 'Desafío Trap Remix',
        description: 'Remezcla los stems oficiales en un trap contundente. Vale 808, vale creatividad.',
      },
    },
    prize_1st: prize(8000, 'mentorship'),
    prize_2nd: prize(4000),
    prize_3rd: prize(2000),
    difficulty: 'advanced',
    category: 'Trap',
    tags: ['trap', 'remix', '808'],
    participants: 412,
    max_participants: 500,
    winner: null,
    winning_track: null,
    startsIn: -12,
    endsIn: 4,
  },
  {
    key: 'funk-bh',
    title: 'Funk BH Challenge',
    description: 'Produção de funk mineiro com ponto de partida no tamborzão.',
    translations: {
      'en-US': {
        title: 'Funk BH Challenge',
        description: 'A funk mineiro production starting from the tamborzão.',
      },
      'es-ES': {
        title: 'Funk BH Challenge',
        description: 'Producción de funk mineiro con el tamborzão como punto de partida.',
      },
    },
    prize_1st: prize(5000),
    prize_2nd: prize(2000),
    prize_3rd: prize(1000),
    difficulty: 'intermediate',
    category: 'Funk',
    tags: ['funk', 'bh'],
    participants: 356,
    max_participants: 400,
    winner: 'Kaio Beats',
    winning_track: 'Tamborzão Cósmico',
    startsIn: -60,
    endsIn: -30,
  },
  {
    key: 'house-sunset',
    title: 'House Sunset Cup',
    description: 'Uma faixa house para o pôr do sol, de 120 a 126 BPM.',
    translations: {
      'en-US': {
        title: 'House Sunset Cup',
        description: 'A house track for the sunset, from 120 to 126 BPM.',
      },
      'es-ES': {
        title: 'House Sunset Cup',
        description: 'Un tema house para la puesta de sol, de 120 a 126 BPM.',
      },
    },
    prize_1st: prize(4000),
    prize_2nd: prize(2000),
    prize_3rd: prize(800),
    difficulty: 'intermediate',
    category: 'House',
    tags: ['house', 'sunset'],
    participants: 221,
    max_participants: 300,
    winner: 'Luna Prod',
    winning_track: 'Golden Hour',
    startsIn: -95,
    endsIn: -65,
  },
  {
    key: 'phonk-drift',
    title: 'Phonk Drift Battle',
    description: 'Phonk com cowbell e atitude para a trilha de um vídeo de drift.',
    translations: {
      'en-US': {
        title: 'Phonk Drift Battle',
        description: 'Phonk with cowbell and attitude for the soundtrack of a drift video.',
      },
      'es-ES': {
        title: 'Phonk Drift Battle',
        description: 'Phonk con cencerro y actitud para la banda sonora de un vídeo de drift.',
      },
    },
    prize_1st: prize(2500),
    prize_2nd: prize(1000),
    prize_3rd: prize(500),
    difficulty: 'beginner',
    category: 'Phonk',
    tags: ['phonk', 'drift'],
    participants: 298,
    max_participants: 300,
    winner: 'Vitor Santos',
    winning_track: 'Curva Noturna',
    startsIn: -130,
    endsIn: -100,
  },
];

/** Cards with dates relative to `now`; ids carry the month so a long-lived data dir gets fresh ones. */
export function seedCompetitionCards(now: Date): CompetitionCard[] {
  const month = now.toISOString().slice(0, 7);
  return cards.map(({ key, startsIn, endsIn, ...card }) => ({
    ...card,
    id: `seed-site-${month}-${key}`,
    starts_at: new Date(now.getTime() + startsIn * DAY).toISOString(),
    ends_at: new Date(now.getTime() + endsIn * DAY).toISOString(),
    is_active: endsIn > 0,
  }));
}

type SeedPost = Pick<CommunityPost, 'author_id' | 'author_name' | 'text' | 'attachment'> & {
  key: string;
  hoursAgo: number;
};

/** Sample posts of the /community feed (issue 9), by the seed creators; tags come from the text. */
const posts: SeedPost[] = [
  {
    key: 'kaio-808',
    author_id: 'seed-creator-kaio',
    author_name: 'Kaio Beats',
    text: 'Terminei um trap com 808 distorcido e hi-hats em tercinas. Quem quer ouvir antes de sair? #trap #feedback',
    attachment: { name: 'noite-paulista-preview.mp3', type: 'audio/mpeg', size: 2_480_000 },
    hoursAgo: 3,
  },
  {
    key: 'luna-lofi',
    author_id: 'seed-creator-luna',
    author_name: 'Luna Prod',
    text: 'Dica rápida de lo-fi: grave o piano com o celular e passe por um filtro passa-baixa. Fica quente na hora. #lofi',
    attachment: null,
    hoursAgo: 9,
  },
  {
    key: 'vitor-collab',
    author_id: 'seed-creator-vitor',
    author_name: 'Vitor Santos',
    text: 'Procurando vocalista para um drill em 142 BPM. Manda o portfólio! #collab #feedback',
    attachment: null,
    hoursAgo: 30,
  },
];

/** Posts with times relative to `now`; ids carry the month, like the competition cards. */
export function seedCommunityPosts(now: Date): CommunityPost[] {
  const month = now.toISOString().slice(0, 7);
  return posts.map(({ key, hoursAgo, ...post }) => ({
    ...post,
    id: `seed-post-${month}-${key}`,
    tags: postTags(post.text),
    created_at: new Date(now.getTime() - hoursAgo * 60 * 60 * 1000).toISOString(),
  }));
}
