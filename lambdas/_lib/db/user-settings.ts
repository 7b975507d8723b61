import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { UserSettings } from '../../../shared/schemas/site';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';

/** `USER#<sub>` / `SETTINGS`: the preferences chosen on /settings, restored on every sign-in. */
export async function getUserSettings(
  sub: string,
): Promise<{ settings: UserSettings; updated_at: string } | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: { PK: keys.user(sub), SK: keys.userSettings() } }),
  );
  if (!Item) return undefined;
  // Stored by us, but parsed anyway: a field added later falls back cleanly instead of breaking the page.
  const parsed = UserSettings.safeParse(Item.settings);
  return parsed.success ? { settings: parsed.data, updated_at: String(Item.updated_at ?? '') } : undefined;
}

export async function putUserSettings(sub: string, settings: UserSettings, now: Date): Promise<string> {
  const updatedAt = now.toISOString();
  await db.send(
    new PutCommand({
      TableName: config.TABLE_NAME,
      Item: {
        PK: keys.user(sub),
        SK: keys.userSettings(),
        type: 'user-settings',
        settings,
        updated_at: updatedAt,
      },
    }),
  );
  return updatedAt;
}

/**
 * The users among `subs` who switched 'Perfil público' off on /settings (no saved settings: public). One
 * BatchGetItem per 100 users, unprocessed keys retried.
 */
export async function privateProfiles(subs: readonly string[]): Promise<Set<string>> {
  const hidden = new Set<string>();
  const unique = [...new Set(subs)];
  for (let start = 0; start < unique.length; start += 100) {
    let keysLeft: Record<string, unknown>[] = unique
      .slice(start, start + 100)
      .map((sub) => ({ PK: keys.user(sub), SK: keys.userSettings() }));
    for (let attempt = 0; keysLeft.length > 0 && attempt < 5; attempt++) {
      const answer = await db.send(
        new BatchGetCommand({
          RequestItems: { [config.TABLE_NAME]: { Keys: keysLeft, ProjectionExpression: 'PK, settings' } },
        }),
      );
      for (const item of answer.Responses?.[config.TABLE_NAME] ?? []) {
        const parsed = UserSettings.safeParse(item.settings);
        if (parsed.success && parsed.data.publicProfile === false) hidden.add(String(item.PK).slice(5));
      }
      keysLeft = answer.UnprocessedKeys?.[config.TABLE_NAME]?.Keys ?? [];
    }
  }
  return hidden;
}
