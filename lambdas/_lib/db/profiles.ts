import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Profile, ProfileUpdate, Role } from '../../../shared/schemas/profile';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { claimCreatorSlug } from './creator-slugs';
import { keys } from './keys';

interface ProfileItem {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
  type: 'profile';
  id: string;
  full_name: string;
  email: string;
  role: Role;
  created_at: string;
}

export function profileToItem(profile: Profile): ProfileItem {
  return {
    PK: keys.user(profile.id),
    SK: keys.profile(),
    GSI1PK: keys.role(profile.role),
    GSI1SK: profile.created_at,
    type: 'profile',
    ...profile,
  };
}

export function profileFromItem(item: Record<string, unknown>): Profile {
  return {
    id: String(item.id),
    full_name: String(item.full_name ?? ''),
    email: String(item.email ?? ''),
    role: item.role === 'creator' ? 'creator' : 'client',
    created_at: String(item.created_at ?? ''),
  };
}

export async function getProfile(sub: string): Promise<Profile | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: { PK: keys.user(sub), SK: keys.profile() } }),
  );
  return Item ? profileFromItem(Item) : undefined;
}

/** Creates the profile once; a repeated call (trigger retry) keeps the first one. Returns whether it was new. */
export async function createProfile(profile: Profile): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: profileToItem(profile),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    // Creators get a public URL slug (/creator/{name}); issue 9.
    if (profile.role === 'creator') await claimCreatorSlug(profile);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function updateProfile(sub: string, changes: ProfileUpdate): Promise<Profile | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: keys.user(sub), SK: keys.profile() },
        UpdateExpression: 'SET full_name = :name',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':name': changes.full_name },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? profileFromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
