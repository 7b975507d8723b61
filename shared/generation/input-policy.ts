import type { InputPolicyReason } from '../schemas/generation';
import { generationMessages } from './failure';

/**
 * INPUT_POLICY (core spec §5): a generation prompt must not name artists or bands, nor carry a producer
 * tag ("DJ X on the beat"). A curated list of names (artists and bands the prompts of a pt/en/es audience
 * actually reach for) plus patterns for the forms a name takes even when we do not know it (featuring
 * credits, "prod. by", tag phrases). Matching is on folded text: lower case, no accents, punctuation
 * as spaces, whole words only, so 'Beyoncé', 'beyonce' and 'BEYONCÉ!' are one name and 'queens' is
 * no name. Names that are also everyday words (Queen, Future, Yes, Kiss, Prodigy…) are left out on
 * purpose: blocking 'a queen of the night' or 'future bass' would refuse honest prompts.
 */

export const BLOCKED_ARTISTS: readonly string[] = [
  // International pop, rock, hip-hop
  'Taylor Swift',
  'Beyoncé',
  'Rihanna',
  'Drake',
  'Eminem',
  'Kanye West',
  'Ye West',
  'Travis Scott',
  'The Weeknd',
  'Billie Eilish',
  'Ed Sheeran',
  'Adele',
  'Lady Gaga',
  'Bruno Mars',
  'Dua Lipa',
  'Ariana Grande',
  'Post Malone',
  'Kendrick Lamar',
  'Michael Jackson',
  'Madonna',
  'Justin Bieber',
  'Harry Styles',
  'Olivia Rodrigo',
  'Sabrina Carpenter',
  'SZA',
  'Doja Cat',
  'Nicki Minaj',
  'Cardi B',
  'Lil Wayne',
  'Lil Baby',
  'Lil Uzi Vert',
  'Young Thug',
  'Playboi Carti',
  '21 Savage',
  'XXXTentacion',
  'Juice WRLD',
  'Snoop Dogg',
  'Dr. Dre',
  '2Pac',
  'Tupac',
  'Notorious B.I.G.',
  'Biggie Smalls',
  'Jay-Z',
  '50 Cent',
  'Kanye',
  'Metro Boomin',
  'Coldplay',
  'Imagine Dragons',
  'Linkin Park',
  'Metallica',
  'The Beatles',
  'Beatles',
  'Rolling Stones',
  'Nirvana',
  'Pink Floyd',
  'Led Zeppelin',
  'AC/DC',
  "Guns N' Roses",
  'Red Hot Chili Peppers',
  'Foo Fighters',
  'Arctic Monkeys',
  'Radiohead',
  'Bob Marley',
  'Elvis Presley',
  'Frank Sinatra',
  'Whitney Houston',
  'Mariah Carey',
  'Britney Spears',
  'Katy Perry',
  'Shawn Mendes',
  'Sia',
  'BTS',
  'Blackpink',
  'Stray Kids',
  'Miley Cyrus',
  'Selena Gomez',
  // Electronic
  'Daft Punk',
  'Skrillex',
  'David Guetta',
  'Calvin Harris',
  'Avicii',
  'Martin Garrix',
  'Tiësto',
  'Deadmau5',
  'Marshmello',
  'Diplo',
  'Major Lazer',
  'Swedish House Mafia',
  'The Chemical Brothers',
  'Chemical Brothers',
  'Aphex Twin',
  'Kraftwerk',
  'Fred again..',
  'Peggy Gou',
  'Charlotte de Witte',
  'Amelie Lens',
  'Carl Cox',
  'Richie Hawtin',
  'Solomun',
  'Black Coffee',
  'Kygo',
  'Zedd',
  'Alan Walker',
  'Steve Aoki',
  'Armin van Buuren',
  'Hardwell',
  'Afrojack',
  'Four Tet',
  'Massive Attack',
  'Portishead',
  'Brian Eno',
  'Hans Zimmer',
  'Chase & Status',
  'Sub Focus',
  'Noisia',
  'Andy C',
  'Goldie',
  'Roni Size',
  'Netsky',
  'Wilkinson',
  // Brazil
  'Anitta',
  'Ludmilla',
  'Marília Mendonça',
  'Gusttavo Lima',
  'Jorge & Mateus',
  'Henrique & Juliano',
  'Wesley Safadão',
  'Alok',
  'Vintage Culture',
  'Pabllo Vittar',
  'Caetano Veloso',
  'Gilberto Gil',
  'Tom Jobim',
  'Chico Buarque',
  'Elis Regina',
  'Legião Urbana',
  'Racionais MCs',
  'Mano Brown',
  'Emicida',
  'Criolo',
  'Matuê',
  'Veigh',
  'Filipe Ret',
  'L7nnon',
  'MC Kevinho',
  'MC Livinho',
  'MC Daniel',
  'MC Hariel',
  'Pedro Sampaio',
  'Sepultura',
  'Titãs',
  'Skank',
  'Charlie Brown Jr',
  'Os Paralamas do Sucesso',
  'Paralamas do Sucesso',
  'Os Mutantes',
  'Seu Jorge',
  'Roberto Carlos',
  'Ivete Sangalo',
  'Claudia Leitte',
  'Zé Neto e Cristiano',
  'Luan Santana',
  'Jão',
  'Iza',
  'Marisa Monte',
  'Djavan',
  'Tim Maia',
  'Jorge Ben Jor',
  'Cazuza',
  'Raul Seixas',
  // Spanish-speaking
  'Bad Bunny',
  'J Balvin',
  'Daddy Yankee',
  'Shakira',
  'Rosalía',
  'Karol G',
  'Maluma',
  'Ozuna',
  'Peso Pluma',
  'Rauw Alejandro',
  'Feid',
  'Quevedo',
  'Bizarrap',
  'Anuel AA',
  'Nicky Jam',
  'Don Omar',
  'Wisin & Yandel',
  'Romeo Santos',
  'Juanes',
  'Enrique Iglesias',
  'Luis Miguel',
  'Ricky Martin',
  'Soda Stereo',
  'Maná',
  'Los Fabulosos Cadillacs',
  'Calle 13',
  'Natanael Cano',
  'Tini',
  'Duki',
  'Nathy Peluso',
  'C. Tangana',
  'Becky G',
];

/** Producer tag phrases known by heart (the tag itself, not the producer's credit). */
export const BLOCKED_TAG_PHRASES: readonly string[] = [
  'DJ Khaled',
  'we the best music',
  'Mike WiLL Made-It',
  'London on da track',
  'Wheezy outta here',
  'Jetsons made another one',
  'Metro Boomin want some more',
  'if Young Metro dont trust you',
  'Murda on the beat',
  'Tay Keith',
  'Southside on the track',
  'Pi erre you wanna come out here',
  'CashMoneyAP',
  'Nick Mira',
  'Zaytoven',
  'DJ Mustard on the beat',
  'Mustard on the beat',
  'Cardo got wings',
  'Taz taylor',
  'Hit-Boy',
];

export interface PolicyVerdict {
  allowed: boolean;
  reason?: InputPolicyReason;
  /** What was found, as written in the lists or the matched words (for logs, never echoed as is). */
  matches: string[];
}

/** Lower case, accents removed, anything but letters and digits as single spaces, padded. */
export function foldText(text: string): string {
  const folded = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${folded} `;
}

const foldedArtists = BLOCKED_ARTISTS.map((name) => ({ name, folded: foldText(name) }));
const foldedTags = BLOCKED_TAG_PHRASES.map((name) => ({ name, folded: foldText(name) }));

/** Producer tags by form: "<someone> on the beat/track" (pt 'no beat', es 'en el beat'), credits. */
const TAG_PATTERNS: readonly RegExp[] = [
  // "DJ X on the beat", "DJ X no beat", "DJ X en el beat", "DJ X na batida", "on da track"
  / dj(?: \S+){1,3} (?:on|no|na|en) (?:(?:the|da|o|a|el|la) )?(?:beat|track|batida|pista|base) /,
  / (?:producer|produtor|productor|produtora|productora) tags? /,
  / tags? (?:de|do|da|del) (?:produtor|productor|produtora|productora|producer) /,
  / on da (?:track|beat) /,
];

/** "Murda on the beat", "Southside on the track": a capitalised name then the tag phrase. */
const NAMED_ON_THE_BEAT =
  /(?:^|[\s"'(])(?:\p{Lu}[\p{L}\d.$'-]*\s+){1,3}(?:on|no|en)\s+(?:the|da|el|o)\s+(?:beat|track)\b/u;

/** "prod. by Metro", "produzido por Fulano": a credit names a producer (capitalised, so 'produced by a
 * drum machine' stays allowed). */
const PRODUCER_CREDIT =
  /\b(?:prod\.?|produced|producido|producida|produzido|produzida)\s+(?:by|por|pelo|pela)\s+\p{Lu}/u;

/** Artists by form: featuring credits name someone even when the list does not know them. */
const ARTIST_PATTERNS: readonly RegExp[] = [
  / (?:feat|featuring|participacao de|participacion de|participacao especial de) [a-z0-9]/,
];

function findAll(folded: string, entries: { name: string; folded: string }[]): string[] {
  return entries.filter((entry) => folded.includes(entry.folded)).map((entry) => entry.name);
}

/** The verdict on a prompt (description and lyrics together). */
export function checkInputPolicy(...texts: (string | undefined)[]): PolicyVerdict {
  const raw = texts.filter(Boolean).join('\n');
  const folded = foldText(raw);
  const artists = findAll(folded, foldedArtists);
  for (const pattern of ARTIST_PATTERNS) {
    const match = pattern.exec(folded);
    if (match) artists.push(match[0].trim());
  }
  const tags = findAll(folded, foldedTags);
  for (const pattern of TAG_PATTERNS) {
    const match = pattern.exec(folded);
    if (match) tags.push(match[0].trim());
  }
  for (const pattern of [NAMED_ON_THE_BEAT, PRODUCER_CREDIT]) {
    const match = pattern.exec(raw);
    if (match) tags.push(match[0].trim());
  }

  const hasArtist = artists.length > 0;
  const hasTag = tags.length > 0;
  if (!hasArtist && !hasTag) return { allowed: true, matches: [] };
  const reason: InputPolicyReason = hasArtist && hasTag ? 'both' : hasArtist ? 'artist' : 'producer_tag';
  return { allowed: false, reason, matches: [...new Set([...artists, ...tags])] };
}

/** The spec's texts (core §8, 403 row). */
export function inputPolicyMessage(reason: InputPolicyReason): string {
  if (reason === 'artist') return generationMessages.inputPolicyArtist;
  if (reason === 'producer_tag') return generationMessages.inputPolicyProducerTag;
  return generationMessages.inputPolicyCombined;
}
