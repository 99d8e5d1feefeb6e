import type { AccountExport } from '../../../contract/account';
import type { Executor } from '../../db/client';
import type { StreamedField } from '../../lib/json-stream';
import { activityExport } from './export-activity';
import { messagesExport } from './export-messages';
import { moneyExport } from './export-money';
import type { Person } from './repository';

/** The parts of the download read here: all but when it was made, the account and its sessions. */
export type ExportPart = Exclude<keyof AccountExport, 'exportedAt' | 'account' | 'sessions'>;

/**
 * Every row held about the member, for the data download (the GDPR right of access): each part read
 * when its turn comes, in the order the contract lists them whatever the order here.
 */
export function personalDataExport(db: Executor, user: Person): Record<ExportPart, StreamedField> {
  return { ...activityExport(db, user), ...moneyExport(db, user), ...messagesExport(db, user) };
}
