import type { MemberDetail } from '../../../contract/members';
import type { Risk } from '../../../contract/risk';
import { maskAddress, maskDeviceId } from '../../lib/mask';
import { maskRisk, maskSignals } from '../risk/repository';

/** Members as a role without `members_full` reads them (DESIGN §16): addresses and devices with their last part hidden. */

export const maskMember = <T extends { risk: Risk }>(user: T): T => ({ ...user, risk: maskRisk(user.risk) });

/** An action's answer, which ends with the member as their page shows them. */
export const maskAction = <T extends { user: { risk: Risk } }>(answer: T): T => ({
  ...answer,
  user: maskMember(answer.user),
});

export const maskDetail = (detail: MemberDetail): MemberDetail => ({
  ...detail,
  user: maskMember(detail.user),
  sessions: detail.sessions.map((s) => ({
    ...s,
    ip: s.ip && maskAddress(s.ip),
    deviceId: s.deviceId && maskDeviceId(s.deviceId),
  })),
  signals: maskSignals(detail.signals),
});
