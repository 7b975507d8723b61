import type { CatalogueCard } from '../../../../shared/schemas/catalogue';
import type { PlayerHandle } from '../../components/player/use-player';
import { playableUrl } from './api/catalogue';

type PlayableBeat = Pick<
  CatalogueCard,
  'id' | 'title' | 'creator' | 'coverUrl' | 'audioUrl' | 'audioOnRequest'
>;

/**
 * Plays a beat in the page's player (the marketplace grid and a beat's own page): the beat already loaded
 * plays or pauses in place; another starts from its public preview, or from a short-lived link while it
 * has none yet. Rejects when no link can be had (the caller says so in the reader's language).
 */
export async function playBeat(player: PlayerHandle, beat: PlayableBeat): Promise<void> {
  const track = { id: beat.id, title: beat.title, creator: beat.creator, coverUrl: beat.coverUrl };
  if (player.state.track?.id === beat.id) {
    player.select({ ...track, audioUrl: player.state.track.audioUrl });
    return;
  }
  player.select({ ...track, audioUrl: await playableUrl(beat) });
}
