import type { Achievement } from '../../../shared/schemas/marketplace';
import { prize } from '../../../shared/competition-prize';

/**
 * Sample marketplace content written by infra/local/seed.ts on the first `npm start` (spec 1: the
 * catalogue, leaderboard, achievements, competition and rare drops are sample data served from the table).
 */

export interface SeedCreator {
  id: string;
  full_name: string;
  email: string;
  xp: number;
  streak_days: number;
  total_revenue: number;
}

export const seedCreators: SeedCreator[] = [
  {
    id: 'seed-creator-kaio',
    full_name: 'Kaio Beats',
    email: 'kaio@example.com',
    xp: 8450,
    streak_days: 21,
    total_revenue: 18420,
  },
  {
    id: 'seed-creator-luna',
    full_name: 'Luna Prod',
    email: 'luna@example.com',
    xp: 6120,
    streak_days: 12,
    total_revenue: 13200,
  },
  {
    id: 'seed-creator-vitor',
    full_name: 'Vitor Santos',
    email: 'vitor@example.com',
    xp: 4310,
    streak_days: 9,
    total_revenue: 9870,
  },
  {
    id: 'seed-creator-nina',
    full_name: 'Nina Sound',
    email: 'nina@example.com',
    xp: 2890,
    streak_days: 5,
    total_revenue: 6540,
  },
  {
    id: 'seed-creator-rafa',
    full_name: 'Rafa no Beat',
    email: 'rafa@example.com',
    xp: 1640,
    streak_days: 3,
    total_revenue: 3120,
  },
  {
    id: 'seed-creator-mare',
    full_name: 'Maré Studio',
    email: 'mare@example.com',
    xp: 720,
    streak_days: 14,
    total_revenue: 1480,
  },
];

export interface SeedBeat {
  title: string;
  genre: string;
  creator: number;
  price: number;
  /** The tempo the sample is rendered at (the stored BPM is what the analysis finds: seed.ts). */
  bpm: number;
  rating: number;
  downloads: number;
  daysAgo: number;
  tags: string[];
}

// [title, genre, creator index, price, bpm, rating, downloads, days ago]; every sample lasts ~2 min (song.ts)
const rows: [string, string, number, number, number, number, number, number][] = [
  ['Noite Paulista', 'Trap', 0, 49.9, 140, 4.8, 12450, 2],
  ['Sangue Frio', 'Drill', 2, 59, 145, 4.6, 8730, 5],
  ['Avenida Neon', 'Phonk', 4, 29.9, 130, 4.3, 5210, 9],
  ['Céu de Vidro', 'Future Bass', 1, 69.9, 150, 4.9, 9980, 1],
  ['Chuva na Janela', 'Lo-Fi', 5, 19.9, 80, 4.7, 15320, 14],
  ['Quebrada Real', 'Hip Hop', 0, 39.9, 92, 4.5, 7640, 20],
  ['Veludo', 'R&B', 3, 54.9, 75, 4.6, 4380, 11],
  ['Verão em Copacabana', 'Pop', 1, 79.9, 118, 4.4, 6120, 7],
  ['Circuito', 'Electronic', 2, 44.9, 128, 4.2, 2980, 30],
  ['Maré Alta', 'Ambient', 5, 14.9, 70, 4.8, 3410, 45],
  ['Pista Quente', 'House', 3, 34.9, 124, 4.3, 5890, 16],
  ['Concreto', 'Techno', 2, 49.9, 132, 4.1, 2210, 25],
  ['Ouro Preto', 'Trap', 4, 24.9, 150, 4.0, 3560, 33],
  ['Linha de Frente', 'Drill', 0, 64.9, 142, 4.7, 9020, 4],
  ['Fantasma da Madrugada', 'Phonk', 2, 27.9, 135, 4.5, 6670, 12],
  ['Aurora', 'Future Bass', 1, 74.9, 155, 4.6, 5120, 18],
  ['Café e Vinil', 'Lo-Fi', 5, 9.9, 85, 4.9, 18200, 50],
  ['Rima de Rua', 'Hip Hop', 4, 32.9, 88, 4.2, 4130, 22],
  ['Seda', 'R&B', 3, 57.9, 68, 4.7, 3990, 8],
  ['Coração Digital', 'Pop', 1, 84.9, 110, 4.5, 7210, 3],
  ['Pulso', 'Electronic', 2, 39.9, 126, 4.0, 1870, 40],
  ['Horizonte', 'Ambient', 5, 12.9, 60, 4.6, 2640, 58],
  ['Deep Rio', 'House', 3, 36.9, 122, 4.4, 4870, 27],
  ['Fábrica', 'Techno', 0, 54.9, 138, 4.3, 2560, 35],
  ['Diamante Bruto', 'Trap', 0, 89.9, 145, 4.9, 14320, 6],
  ['Sem Volta', 'Drill', 4, 44.9, 148, 4.1, 3180, 28],
  ['Cruzeiro Noturno', 'Phonk', 2, 34.9, 128, 4.4, 4760, 19],
  ['Estrelas Cadentes', 'Future Bass', 1, 64.9, 152, 4.5, 3890, 24],
  ['Domingo Lento', 'Lo-Fi', 5, 15.9, 75, 4.6, 11240, 38],
  ['Favela Sound', 'Hip Hop', 0, 47.9, 95, 4.8, 10150, 10],
  ['Madrugada', 'R&B', 3, 62.9, 72, 4.5, 3320, 31],
  ['Brilho', 'Pop', 1, 99.9, 120, 4.7, 8460, 13],
  ['Frequência', 'Electronic', 2, 42.9, 130, 4.3, 2430, 44],
  ['Floresta', 'Ambient', 5, 7.9, 65, 4.4, 1980, 55],
  ['Groove da Lapa', 'House', 3, 38.9, 125, 4.6, 5430, 15],
  ['Armazém 7', 'Techno', 4, 46.9, 135, 4.0, 1640, 48],
  ['Jogo Sujo', 'Trap', 2, 37.9, 138, 4.2, 4980, 21],
  ['Baile Sombrio', 'Phonk', 4, 22.9, 132, 4.6, 7350, 17],
  ['Primeira Classe', 'Drill', 0, 74.9, 144, 4.8, 6480, 9],
  ['Luz de Neon', 'Electronic', 1, 5.0, 200, 3.9, 890, 60],
];

export const seedBeats: SeedBeat[] = rows.map(
  ([title, genre, creator, price, bpm, rating, downloads, daysAgo]) => ({
    title,
    genre,
    creator,
    price,
    bpm,
    rating,
    downloads,
    daysAgo,
    tags: [genre.toLowerCase(), bpm >= 130 ? 'energético' : 'relax', 'exclusivo'],
  }),
);

export const seedAchievements: Achievement[] = [
  {
    id: 'first-sale',
    name: 'Primeira Venda',
    description: 'Venda o seu primeiro beat',
    badge_icon: '🎉',
    rarity: 'common',
    translations: {
      'en-US': { name: 'First Sale', description: 'Sell your first beat' },
      'es-ES': { name: 'Primera Venta', description: 'Vende tu primer beat' },
    },
  },
  {
    id: 'ten-uploads',
    name: 'Produtor Ativo',
    description: 'Publique 10 produtos no marketplace',
    badge_icon: '🎛️',
    rarity: 'common',
    translations: {
      'en-US': { name: 'Active Producer', description: 'Publish 10 products on the marketplace' },
      'es-ES': { name: 'Productor Activo', description: 'Publica 10 productos en el marketplace' },
    },
  },
  {
    id: 'five-stars',
    name: 'Cinco Estrelas',
    description: 'Receba 10 avaliações de 5 estrelas',
    badge_icon: '⭐',
    rarity: 'rare',
    translations: {
      'en-US': { name: 'Five Stars', description: 'Get 10 five-star reviews' },
      'es-ES': { name: 'Cinco Estrellas', description: 'Recibe 10 reseñas de 5 estrellas' },
    },
  },
  {
    id: 'streak-30',
    name: 'Sequência de Fogo',
    description: 'Mantenha uma sequência de 30 dias',
    badge_icon: '🔥',
    rarity: 'rare',
    translations: {
      'en-US': { name: 'Streak on Fire', description: 'Keep a 30-day streak' },
      'es-ES': { name: 'Racha de Fuego', description: 'Mantén una racha de 30 días' },
    },
  },
  {
    id: 'top-seller',
    name: 'Top Vendedor',
    description: 'Fique entre os 5 primeiros do ranking',
    badge_icon: '🏆',
    rarity: 'epic',
    translations: {
      'en-US': { name: 'Top Seller', description: 'Reach the top 5 of the ranking' },
      'es-ES': { name: 'Top Vendedor', description: 'Entra entre los 5 primeros del ranking' },
    },
  },
  {
    id: 'hit-maker',
    name: 'Hitmaker',
    description: 'Um beat com mais de 10 mil downloads',
    badge_icon: '💎',
    rarity: 'epic',
    translations: {
      'en-US': { name: 'Hitmaker', description: 'A beat with more than 10,000 downloads' },
      'es-ES': { name: 'Hitmaker', description: 'Un beat con más de 10.000 descargas' },
    },
  },
  {
    id: 'legend',
    name: 'Lenda 5D',
    description: 'Alcance o nível 10',
    badge_icon: '👑',
    rarity: 'legendary',
    translations: {
      'en-US': { name: '5D Legend', description: 'Reach level 10' },
      'es-ES': { name: 'Leyenda 5D', description: 'Alcanza el nivel 10' },
    },
  },
  {
    id: 'competition-winner',
    name: 'Campeão Mensal',
    description: 'Vença uma competição mensal',
    badge_icon: '🥇',
    rarity: 'legendary',
    translations: {
      'en-US': { name: 'Monthly Champion', description: 'Win a monthly competition' },
      'es-ES': { name: 'Campeón Mensual', description: 'Gana una competición mensual' },
    },
  },
];

export interface SeedOffer {
  key: string;
  title: string;
  description: string | null;
  original_price: number;
  discounted_price: number;
  slots_available: number;
  slots_remaining: number;
  /** Hours from seeding time; negative = already expired. */
  expiresInHours: number;
  is_active: boolean;
}

/** Four inside the 72 h window, and four that must not be listed (outside, sold out, inactive, expired). */
export const seedOffers: SeedOffer[] = [
  {
    key: 'pack-trap',
    title: 'Pack Trap Exclusivo',
    description: '10 beats de trap com stems e licença ilimitada',
    original_price: 299.9,
    discounted_price: 149.9,
    slots_available: 20,
    slots_remaining: 7,
    expiresInHours: 5.5,
    is_active: true,
  },
  {
    key: 'mentoria',
    title: 'Mentoria 1:1 com Kaio Beats',
    description: 'Uma hora de revisão do seu projeto ao vivo',
    original_price: 400,
    discounted_price: 250,
    slots_available: 5,
    slots_remaining: 2,
    expiresInHours: 20,
    is_active: true,
  },
  {
    key: 'mix-master',
    title: 'Mix & Master Express',
    description: null,
    original_price: 250,
    discounted_price: 179,
    slots_available: 10,
    slots_remaining: 4,
    expiresInHours: 46,
    is_active: true,
  },
  {
    key: 'lofi-vault',
    title: 'Lo-Fi Vault',
    description: '25 loops e samples de lo-fi',
    original_price: 89.9,
    discounted_price: 39.9,
    slots_available: 50,
    slots_remaining: 31,
    expiresInHours: 70,
    is_active: true,
  },
  {
    key: 'later',
    title: 'Drop da Próxima Semana',
    description: 'Ainda não começou a contagem',
    original_price: 120,
    discounted_price: 80,
    slots_available: 10,
    slots_remaining: 10,
    expiresInHours: 100,
    is_active: true,
  },
  {
    key: 'sold-out',
    title: 'Pack Drill Esgotado',
    description: 'Todas as vagas vendidas',
    original_price: 199.9,
    discounted_price: 99.9,
    slots_available: 15,
    slots_remaining: 0,
    expiresInHours: 30,
    is_active: true,
  },
  {
    key: 'paused',
    title: 'Oferta Pausada',
    description: null,
    original_price: 60,
    discounted_price: 30,
    slots_available: 10,
    slots_remaining: 8,
    expiresInHours: 10,
    is_active: false,
  },
  {
    key: 'expired',
    title: 'Oferta Encerrada',
    description: null,
    original_price: 100,
    discounted_price: 50,
    slots_available: 10,
    slots_remaining: 3,
    expiresInHours: -2,
    is_active: true,
  },
];

export const seedCompetition = {
  title: 'Beat do Mês',
  description:
    'Produza um beat original no tema "Noites do Brasil". O público e os jurados escolhem os vencedores.',
  prize_1st: prize(5000, 'distribution_contract'),
  prize_2nd: prize(2500),
  prize_3rd: prize(1000),
  translations: {
    'en-US': {
      title: 'Beat of the Month',
      description:
        'Produce an original beat on the theme "Nights of Brazil". The audience and the judges choose the winners.',
    },
    'es-ES': {
      title: 'Beat del Mes',
      description:
        'Produce un beat original con el tema "Noches de Brasil". El público y el jurado eligen a los ganadores.',
    },
  },
};
