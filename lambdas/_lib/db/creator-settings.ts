import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CreatorSettings, defaultCreatorSettings } from '../../../shared/schemas/marketplace';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';

/** The creator settings dialog's values: `USER#<sub>` / `CREATOR_SETTINGS`. */
export function creatorSettingsKey(sub: string) {
  return { PK: keys.user(sub), SK: keys.creatorSettings() };
}

/** Saved settings, or the spec's defaults (display name = the profile's name) before the first save. */
export async function getCreatorSettings(sub: string, fallbackName: string): Promise<CreatorSettings> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: creatorSettingsKey(sub) }),
  );
  const parsed = CreatorSettings.safeParse(Item?.settings);
  return parsed.success ? parsed.data : defaultCreatorSettings(fallbackName);
}

export async function saveCreatorSettings(
  sub: string,
  settings: CreatorSettings,
  now: string,
): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: config.TABLE_NAME,
      Item: { ...creatorSettingsKey(sub), type: 'creator-settings', settings, updated_at: now },
    }),
  );
}
