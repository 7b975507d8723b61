import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { UserSettings } from '../../../shared/schemas/site';
import { db } from '../clients';
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
