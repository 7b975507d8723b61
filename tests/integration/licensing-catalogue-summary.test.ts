import { describe, expect, it } from 'vitest';
import { defaultTiers, type TiersConfig } from '../../shared/licensing/tiers';
import type { Project } from '../../shared/schemas/marketplace';
import { drainStreams, listedBeats } from './catalogue-helpers';
import { call, creator, publish, sentCommands, type Claims } from './marketplace-helpers';
import { api } from './licensing-helpers';

/**
 * Issue 8: the beat cards show 'a partir de R$ X · N licenças' from the catalogue itself; saving the tiers
 * writes that summary on the project and the catalogue indexer copies it into the beat's cards (issue 16),
 * so the catalogue list reads nothing per beat.
 */
async function saveTiers(owner: Claims, projectId: string, change: (tiers: TiersConfig) => void) {
  const tiers = defaultTiers(50);
  change(tiers);
  const answer = await api('PUT', `/api/creator/projects/${projectId}/licences`, {
    claims: owner,
    body: { tiers },
  });
  expect(answer.status).toBe(200);
}

async function catalogueItem(owner: Claims, id: string) {
  return (await listedBeats(owner.sub)).items.find((item) => item.id === id);
}

describe('the catalogue tier summary', () => {
  it('follows the tiers the creator saves, on the list and on the beat', async () => {
    const owner = creator('Produtora Resumo');
    const beat = await publish(owner, { price: 50 });
    // Not saved yet: the default tiers the licence dialog offers (MP3 at the price, WAV at 1.5×).
    expect((await catalogueItem(owner, beat.id))?.licences).toEqual({ from_price: 50, count: 2 });

    // MP3 R$ 50, WAV R$ 100 and the exclusive R$ 500 (no stems: Trackout is not on sale).
    await saveTiers(owner, beat.id, (tiers) => {
      tiers.wav.price = 100;
      tiers.exclusive.enabled = true;
      tiers.exclusive.price = 500;
    });
    await drainStreams();
    sentCommands.length = 0;
    expect((await catalogueItem(owner, beat.id))?.licences).toEqual({ from_price: 50, count: 3 });
    // The page is Queries of the index plus one read of the cells' figures: nothing per beat.
    expect(sentCommands.filter((name) => name !== 'QueryCommand')).toEqual(['BatchGetCommand']);
    const one = await call<{ project: Project }>('GET', `/api/projects/${beat.id}`);
    expect(one.body.project.licences).toEqual({ from_price: 50, count: 3 });

    // MP3 off: the cheapest is now the WAV lease.
    await saveTiers(owner, beat.id, (tiers) => {
      tiers.mp3.enabled = false;
      tiers.wav.price = 100;
    });
    expect((await catalogueItem(owner, beat.id))?.licences).toEqual({ from_price: 100, count: 1 });
  });

  it('has no summary once no tier is on sale', async () => {
    const owner = creator('Produtor Sem Licenças');
    const beat = await publish(owner, { price: 50 });
    await saveTiers(owner, beat.id, () => undefined);
    expect((await catalogueItem(owner, beat.id))?.licences).toEqual({ from_price: 50, count: 2 });
    await saveTiers(owner, beat.id, (tiers) => {
      for (const tier of Object.values(tiers)) tier.enabled = false;
    });
    expect((await catalogueItem(owner, beat.id))?.licences).toBeNull();
  });
});
